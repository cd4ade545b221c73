import { expect, test } from 'vitest';
import { formatDay, formatWeek } from './week-label.ts';

test.each([
  ['2026-11-16', '2026-11-22', '16–22 Nov 2026'],
  ['2026-11-30', '2026-12-06', '30 Nov – 6 Dec 2026'],
  ['2025-12-29', '2026-01-04', '29 Dec 2025 – 4 Jan 2026'],
])('the week %s to %s reads %s', (start, end, label) => {
  expect(formatWeek(start, end)).toBe(label);
});

test('a day reads like 20 Nov 2026', () => {
  expect(formatDay('2026-11-20')).toBe('20 Nov 2026');
});
