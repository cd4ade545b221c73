/** A result in R (multiples of the planned risk), signed, two decimals: `+1.25R`, `-0.50R`. */
export function formatR(value: number): string {
  const sign = value > 0 ? '+' : value < 0 ? '-' : '';
  return `${sign}${Math.abs(value).toFixed(2)}R`;
}

/** A money amount in the trader's currency, signed: `+$1,250.00`, `-€412.50`. */
export function formatMoney(value: number, currency: string): string {
  return new Intl.NumberFormat('en-US', {
    style: 'currency',
    currency,
    signDisplay: 'exceptZero',
  }).format(value);
}

/** 'gain', 'loss' or 'flat': the colour a result is shown in. */
export function resultTone(value: number): 'gain' | 'loss' | 'flat' {
  if (value > 0) return 'gain';
  return value < 0 ? 'loss' : 'flat';
}
