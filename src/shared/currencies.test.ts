import { describe, expect, test } from 'vitest';
import { CURRENCY_CODES, isKnownCurrency } from './currencies.ts';
import { currencySchema } from './schemas/results.ts';

describe('the currencies', () => {
  test('are distinct ISO 4217 codes in order, each formatted by the runtime', () => {
    expect(CURRENCY_CODES.length).toBeGreaterThan(150);
    expect(new Set(CURRENCY_CODES).size).toBe(CURRENCY_CODES.length);
    expect([...CURRENCY_CODES].sort()).toEqual(CURRENCY_CODES);
    for (const code of CURRENCY_CODES) {
      expect(code).toMatch(/^[A-Z]{3}$/);
      const amount = new Intl.NumberFormat('en', { style: 'currency', currency: code });
      expect(amount.resolvedOptions().currency).toBe(code);
    }
  });

  test('are the list the server checks, whatever the runtime lists', () => {
    // Newer than Chromium 156's own list; still taken.
    for (const code of ['XCG', 'SLE', 'ZWG', 'EUR', 'USD']) {
      expect(isKnownCurrency(code), code).toBe(true);
      expect(currencySchema.safeParse(code).success, code).toBe(true);
    }
    // Withdrawn (the Andorran peseta, the French franc), which some browsers still list.
    for (const code of ['ADP', 'FRF', 'XYZ']) {
      expect(isKnownCurrency(code), code).toBe(false);
      expect(currencySchema.safeParse(code).error?.issues[0]?.message).toBe(
        'Currency is not a known currency code',
      );
    }
  });
});
