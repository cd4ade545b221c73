import { describe, expect, it } from 'vitest';
import { loginHistoryState, returnPathFromState, safeReturnPath } from './return-path.ts';

describe('safeReturnPath', () => {
  it.each([
    ['/rules', '/rules'],
    ['/history/42', '/history/42'],
    ['/history?page=2#top', '/history?page=2#top'],
    ['/', '/'],
  ])('keeps the app path %s', (value, expected) => {
    expect(safeReturnPath(value)).toBe(expected);
  });

  it.each([
    ['another origin', 'https://evil.example/rules'],
    ['a protocol-relative address', '//evil.example/rules'],
    ['a backslash that browsers read as a slash', '/\\evil.example'],
    ['a tab that browsers drop', '/\t/evil.example'],
    ['a line break', '/rules\n'],
    ['a javascript: address', 'javascript:alert(1)'],
    ['a relative path', 'rules'],
    ['the login screen', '/login'],
    ['the login screen with a query', '/login?x=1'],
    ['the signup screen', '/signup'],
    ['the API', '/api/auth/session'],
    ['an empty string', ''],
  ])('refuses %s', (_case, value) => {
    expect(safeReturnPath(value)).toBe('/');
  });

  it.each([undefined, null, 42, { pathname: '/rules' }])('refuses %j', (value) => {
    expect(safeReturnPath(value)).toBe('/');
  });

  it('normalises dot segments, which cannot climb out of the origin', () => {
    expect(safeReturnPath('/rules/../../history')).toBe('/history');
  });
});

describe('returnPathFromState', () => {
  it('reads back the path stored for the login screen', () => {
    expect(returnPathFromState(loginHistoryState('/settings'))).toBe('/settings');
  });

  it.each([null, undefined, 'rules', {}, { returnTo: 'https://evil.example' }])(
    'falls back to the dashboard for %j',
    (state) => {
      expect(returnPathFromState(state)).toBe('/');
    },
  );
});
