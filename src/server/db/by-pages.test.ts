import { expect, test } from 'vitest';
import { byPages, TRADERS_PER_STATEMENT } from './by-pages.ts';

test('reads every trader, a page at a time, and merges the answers', async () => {
  const ids = Array.from({ length: 2 * TRADERS_PER_STATEMENT + 1 }, (_, i) => i + 1);
  const pages: (readonly number[])[] = [];
  const answers = await byPages(ids, async (page) => {
    pages.push(page);
    // A trader without an answer (an odd one here) is left out, as the statements do.
    return new Map(page.filter((id) => id % 2 === 0).map((id) => [id, `trader ${id}`]));
  });
  expect(pages.map((page) => page.length)).toEqual([
    TRADERS_PER_STATEMENT,
    TRADERS_PER_STATEMENT,
    1,
  ]);
  expect(pages.flat()).toEqual(ids);
  expect([...answers.keys()]).toEqual(ids.filter((id) => id % 2 === 0));
  expect(answers.get(2 * TRADERS_PER_STATEMENT)).toBe(`trader ${2 * TRADERS_PER_STATEMENT}`);
});

test('reads nothing for no traders', async () => {
  let statements = 0;
  const answers = await byPages([], async () => {
    statements += 1;
    return new Map();
  });
  expect(statements).toBe(0);
  expect(answers.size).toBe(0);
});
