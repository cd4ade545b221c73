import { z } from '../zod.ts';
import { RESULT_MONEY_MAX, RESULT_R_MAX } from '../constants.ts';
import { isKnownCurrency } from '../currencies.ts';
import { groupThousands } from '../thousands.ts';

/**
 * A session's result, optional: money in the trader's currency and/or R (multiples of the
 * planned risk). Each is a number with at most two decimals; the server stores hundredths, so
 * sums and averages are exact on both databases.
 */
function resultAmount(label: string, max: number) {
  const range = `${label} must be between -${groupThousands(max)} and ${groupThousands(max)}`;
  return z.number({ error: `${label} must be a number` }).check(
    z.gte(-max, range),
    z.lte(max, range),
    z.refine((value) => Math.abs(value * 100 - Math.round(value * 100)) < 1e-6, {
      message: `${label} can have at most two decimals`,
    }),
  );
}

export const resultMoneySchema = resultAmount('Result', RESULT_MONEY_MAX);
export const resultRSchema = resultAmount('Result in R', RESULT_R_MAX);

/** Hundredths as stored, from an amount the schema accepted. */
export function toHundredths(value: number): number {
  return Math.round(value * 100);
}

/** An amount from stored hundredths. */
export function fromHundredths(value: number | null): number | null {
  return value === null ? null : value / 100;
}

export const currencySchema = z
  .string({ error: 'Currency must be text' })
  .check(
    z.regex(/^[A-Z]{3}$/, 'Currency must be a three-letter code such as USD'),
    z.refine(isKnownCurrency, 'Currency is not a known currency code'),
  );
