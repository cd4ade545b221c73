import { describe, expect, it } from 'vitest';
import { getHistoryHref } from './paths.ts';

describe('getHistoryHref', () => {
  it('returns to the filters the history was left with', () => {
    expect(getHistoryHref({ historySearch: 'from=2026-03-10&band=red' })).toBe(
      '/history?from=2026-03-10&band=red',
    );
  });

  it.each([
    ['no state (a link from elsewhere, or typed)', null],
    ['an unfiltered history', { historySearch: '' }],
    ['a state of another shape', { historySearch: 42 }],
    ['a state that is not an object', 'from=2026-03-10'],
  ])('is the whole history for %s', (_case, state) => {
    expect(getHistoryHref(state)).toBe('/history');
  });

  it.each([
    ['another origin', '//evil.example/rules'],
    ['a full address', 'https://evil.example/'],
    ['a path', '/../../admin'],
    ['a fragment', '#x'],
  ])('stays on the history whatever the state names: %s', (_case, historySearch) => {
    const href = getHistoryHref({ historySearch });
    expect(new URL(href, 'https://app.example').origin).toBe('https://app.example');
    expect(new URL(href, 'https://app.example').pathname).toBe('/history');
  });
});
