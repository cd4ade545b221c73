import { describe, expect, it } from 'vitest';
import { matchesRoute } from './route-pattern.ts';

describe('matchesRoute', () => {
  it('matches a path segment by segment, a :name segment standing for any one', () => {
    expect(matchesRoute('/', '/')).toBe(true);
    expect(matchesRoute('/history', '/history')).toBe(true);
    expect(matchesRoute('/history/:id', '/history/12')).toBe(true);
    expect(matchesRoute('/admin/team/:id', '/admin/team/3')).toBe(true);
  });

  it('refuses other paths, longer or shorter ones included', () => {
    expect(matchesRoute('/', '/history')).toBe(false);
    expect(matchesRoute('/history', '/history/12')).toBe(false);
    expect(matchesRoute('/history/:id', '/history')).toBe(false);
    expect(matchesRoute('/history/:id', '/history/12/edit')).toBe(false);
    expect(matchesRoute('/admin/team/:id', '/admin/users/3')).toBe(false);
    expect(matchesRoute('/rules', '/rules/')).toBe(false);
  });
});
