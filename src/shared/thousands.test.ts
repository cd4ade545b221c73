import { expect, test } from 'vitest';
import { groupThousands } from './thousands.ts';

test.each([
  [0, '0'],
  [999, '999'],
  [1000, '1,000'],
  [10_000_000, '10,000,000'],
  [123456, '123,456'],
  [-1000, '-1,000'],
  [-1234567.25, '-1,234,567.25'],
])('%d is written %s, as en-US writes it', (value, written) => {
  expect(groupThousands(value)).toBe(written);
  expect(groupThousands(value)).toBe(value.toLocaleString('en-US'));
});

test('a fraction is written whole and never grouped', () => {
  expect(groupThousands(1234.5678)).toBe('1,234.5678');
});
