import { addDays, addMonths, firstDayOf, lastDayOf, monthOf, utcDay } from '#shared/calendar.ts';
import type { AnalyticsQuery, RuleCompliance } from '#shared/schemas/analytics.ts';

/** Calendar days, both included; a missing end is open. */
export interface DayRange {
  from?: string | undefined;
  to?: string | undefined;
}

/** The days of the overall figure, and of the rule and monthly figures. */
export interface AnalyticsWindows {
  overall: DayRange;
  details: DayRange;
}

/** The "last 30 days": 30 calendar days ending on the trader's today, today included. */
const OVERALL_WINDOW_DAYS = 30;

/**
 * A range applies to every figure. Without one, the overall figure covers the last 30 days
 * ending on the trader's today (the day in UTC at `now` when the caller did not say it), and
 * the rule and monthly figures cover all history.
 */
export function analyticsWindows(query: AnalyticsQuery, now = new Date()): AnalyticsWindows {
  if (query.from !== undefined || query.to !== undefined) {
    const range = { from: query.from, to: query.to };
    return { overall: range, details: range };
  }
  const today = query.today ?? utcDay(now);
  return { overall: { from: addDays(today, 1 - OVERALL_WINDOW_DAYS), to: today }, details: {} };
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** `2026-01` → `Jan 2026`. */
export function monthLabel(key: string): string {
  const [year, month] = key.split('-');
  return `${MONTHS[Number(month) - 1]} ${year}`;
}

/** Highest rate first, then by the rule's id: the same order on both databases. */
export function sortRuleCompliance(rules: RuleCompliance[]): RuleCompliance[] {
  return [...rules].sort((a, b) => b.complianceRate - a.complianceRate || a.ruleId - b.ruleId);
}

/** Months, both included; a missing end is open. */
export interface MonthRange {
  from?: string | undefined;
  to?: string | undefined;
}

/**
 * A range of days as the summaries can answer it: the whole months inside it (read from the
 * per-month summaries), and the days left at its ends (read from the sessions themselves).
 * `months` is null when no whole month lies inside; the edge days never span more than two
 * partial months.
 */
export function splitRange({ from, to }: DayRange): {
  months: MonthRange | null;
  edges: DayRange[];
} {
  const firstMonth =
    from && (from === firstDayOf(monthOf(from)) ? monthOf(from) : addMonths(monthOf(from), 1));
  const lastMonth =
    to && (to === lastDayOf(monthOf(to)) ? monthOf(to) : addMonths(monthOf(to), -1));
  if (firstMonth && lastMonth && firstMonth > lastMonth) {
    return { months: null, edges: [{ from, to }] };
  }
  const edges: DayRange[] = [];
  if (from && firstMonth !== monthOf(from)) edges.push({ from, to: lastDayOf(monthOf(from)) });
  if (to && lastMonth !== monthOf(to)) edges.push({ from: firstDayOf(monthOf(to)), to });
  return { months: { from: firstMonth, to: lastMonth }, edges };
}
