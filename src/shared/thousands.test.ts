import { expect, test } from 'vitest';
import { groupThousands } from './thousands.ts';

test.each([
  [0, '0'],
  [999, '999'],
  [1000, '1,000'],
  [10_000_000, '10,000,000'],
  [123456, '123,456'],
  [-1000, '-1,000'],
])('%d is written %s, as en-US writes it', (value, written) => {
  expect(groupThousands(value)).toBe(written);
  expect(groupThousands(value)).toBe(value.toLocaleString('en-US'));
});
