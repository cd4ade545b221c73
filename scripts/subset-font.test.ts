import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CORE_UNICODE_RANGE } from './subset-font.ts';

/** `U+0020-007E, U+00A0` as a sorted list of ranges with numbers, whatever its spelling. */
function parseRanges(list: string) {
  return list
    .split(',')
    .map((range) => {
      const [first, last = first] = range.trim().replace(/^U\+/i, '').split('-');
      return [parseInt(first!, 16), parseInt(last!, 16)];
    })
    .sort((a, b) => a[0]! - b[0]!);
}

describe('scripts/subset-font.ts', () => {
  it('cuts the characters that the app face in index.css claims', () => {
    const css = readFileSync('src/client/index.css', 'utf8');
    const face = /@font-face\s*{[^}]*inter-core-wght\.woff2[^}]*}/.exec(css)?.[0];
    const claimed = /unicode-range:([^;]+);/.exec(face ?? '')?.[1];
    expect(claimed).toBeDefined();
    expect(parseRanges(claimed!)).toEqual(parseRanges(CORE_UNICODE_RANGE));
  });
});
