/** A money amount in the trader's currency, signed: `+$1,250.00`, `-€412.50`. */
export function formatMoney(value: number, currency: string): string {
  return new Intl.NumberFormat(undefined, {
    style: 'currency',
    currency,
    signDisplay: 'exceptZero',
  }).format(value);
}

/** A result in R (multiples of the planned risk), signed: `+1.25R`, `-0.5R`, `0R`. */
export function formatR(value: number): string {
  const number = new Intl.NumberFormat(undefined, {
    maximumFractionDigits: 2,
    signDisplay: 'exceptZero',
  }).format(value);
  return `${number}R`;
}

/** 'gain', 'loss' or 'flat': the colour a result is shown in. */
export function resultTone(value: number): 'gain' | 'loss' | 'flat' {
  if (value > 0) return 'gain';
  return value < 0 ? 'loss' : 'flat';
}
