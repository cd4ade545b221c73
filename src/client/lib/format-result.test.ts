import { expect, test } from 'vitest';
import { formatMoney, formatR, resultTone } from './format-result.ts';

test('money carries its sign and the currency', () => {
  expect(formatMoney(1250, 'USD')).toMatch(/^\+\$1,250\.00$/);
  expect(formatMoney(-412.5, 'EUR')).toMatch(/^-€412\.50$/);
  expect(formatMoney(0, 'JPY')).toMatch(/^¥0$/);
});

test('R carries its sign and at most two decimals', () => {
  expect(formatR(1.25)).toBe('+1.25R');
  expect(formatR(-0.5)).toBe('-0.5R');
  expect(formatR(0)).toBe('0R');
});

test('the tone follows the sign', () => {
  expect([resultTone(2), resultTone(-0.01), resultTone(0)]).toEqual(['gain', 'loss', 'flat']);
});
