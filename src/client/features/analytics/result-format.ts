import type { DisciplinePays, ResultPoint } from '#shared/schemas/discipline-pays.ts';
import { formatMoney, formatR } from '#client/lib/format-result.ts';

/** The two kinds of result: R (multiples of the planned risk) and money. */
export type ResultUnit = 'r' | 'money';

export function formatResult(value: number, unit: ResultUnit, currency: string): string {
  return unit === 'r' ? formatR(value) : formatMoney(value, currency);
}

/** The units the figures come in: R, and money unless the trader hides it. */
export function resultUnits(answer: Pick<DisciplinePays, 'hideMoney'>): ResultUnit[] {
  return answer.hideMoney ? ['r'] : ['r', 'money'];
}

/** A point's result in the unit, or null. */
export function pointResult(point: ResultPoint, unit: ResultUnit): number | null {
  return unit === 'r' ? point.resultR : point.resultMoney;
}

/**
 * The unit the scatter plots: R when any session has one (it compares across accounts), else
 * money (never in privacy mode, where no point carries money).
 */
export function scatterUnit(points: ResultPoint[]): ResultUnit {
  return points.some((point) => point.resultR !== null) ? 'r' : 'money';
}

/** The scatter in words: how many sessions, and the results at the best and worst ratings. */
export function summarizeScatter(
  answer: Pick<DisciplinePays, 'points' | 'pointsLimit' | 'sessionCount' | 'currency'>,
  unit: ResultUnit,
): string {
  const plotted = answer.points.flatMap((point) => {
    const value = pointResult(point, unit);
    return value === null ? [] : [{ rating: point.rating, value }];
  });
  if (plotted.length === 0) return 'No session has a result to plot yet.';
  const format = (value: number) => formatResult(value, unit, answer.currency);
  const lowest = plotted.reduce((a, b) => (b.value < a.value ? b : a));
  const highest = plotted.reduce((a, b) => (b.value > a.value ? b : a));
  const count = plotted.length === 1 ? '1 session' : `${plotted.length} sessions`;
  const capped =
    answer.sessionCount > answer.points.length
      ? ` (the latest ${answer.pointsLimit} of ${answer.sessionCount})`
      : '';
  return (
    `${count}${capped}, compliance rating against result${unit === 'r' ? ' in R' : ''}. ` +
    `Best result: ${format(highest.value)} at ${highest.rating}%; ` +
    `worst: ${format(lowest.value)} at ${lowest.rating}%.`
  );
}
