import { expect, test } from 'vitest';
import { formatMoney, formatR, resultTone } from './format-result.ts';

test('money carries its sign and the currency', () => {
  expect(formatMoney(1234.5, 'USD')).toBe('+$1,234.50');
  expect(formatMoney(-12, 'EUR')).toBe('-€12.00');
  expect(formatMoney(0, 'JPY')).toBe('¥0');
});

test('R carries its sign and always two decimals', () => {
  expect(formatR(1.25)).toBe('+1.25R');
  expect(formatR(-0.5)).toBe('-0.50R');
  expect(formatR(0)).toBe('0.00R');
  expect(formatR(-0.004)).toBe('-0.00R');
});

test('the tone follows the sign', () => {
  expect([resultTone(2), resultTone(-0.01), resultTone(0)]).toEqual(['gain', 'loss', 'flat']);
});
