import { describe, expect, test } from 'vitest';
import { USER_SEARCH_MAX_LENGTH } from '#shared/constants.ts';
import { adminUsersQuerySchema } from '#shared/schemas/admin.ts';
import { searchFromUrl } from './user-search.tsx';

describe('the search a URL names', () => {
  test('none, blank or plain', () => {
    expect(searchFromUrl(null)).toBe('');
    expect(searchFromUrl('   ')).toBe('');
    expect(searchFromUrl('  jane  doe ')).toBe('jane  doe');
  });

  // Typed into the address bar or a link: each would be a 400, and the list an error to retry.
  test.each([
    ['a line break', 'jane\ndoe', 'jane doe'],
    ['a NUL', 'jane\u0000', 'jane'],
    ['a bidirectional override', 'jane\u202Edoe', 'jane doe'],
    ['too long', 'a'.repeat(USER_SEARCH_MAX_LENGTH + 20), 'a'.repeat(USER_SEARCH_MAX_LENGTH)],
    [
      'too long, cut inside a character',
      `${'a'.repeat(USER_SEARCH_MAX_LENGTH - 1)}😀😀`,
      'a'.repeat(99),
    ],
  ])('%s: what is left is a search the server takes', (_, value, expected) => {
    const search = searchFromUrl(value);
    expect(search).toBe(expected);
    expect(adminUsersQuerySchema.safeParse({ search }).success).toBe(true);
    expect(adminUsersQuerySchema.safeParse({ search: value }).success).toBe(false);
  });
});
