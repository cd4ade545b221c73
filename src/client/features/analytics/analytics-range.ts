import { addDays, addMonths, firstDayOf, monthOf } from '#shared/calendar.ts';
import type { AnalyticsQueryInput } from '#shared/schemas/analytics.ts';
import { LAST_CALENDAR_DAY } from '#shared/schemas/common.ts';

/** The analytics page's ranges, as the URL names them (`?range=30d`). */
export const ANALYTICS_RANGES = [
  { value: '30d', label: 'Last 30 days' },
  { value: '90d', label: 'Last 90 days' },
  { value: '12m', label: 'Last 12 months' },
  { value: 'all', label: 'All time' },
] as const;
export type AnalyticsRange = (typeof ANALYTICS_RANGES)[number]['value'];
export const DEFAULT_ANALYTICS_RANGE: AnalyticsRange = 'all';

export function isAnalyticsRange(value: unknown): value is AnalyticsRange {
  return ANALYTICS_RANGES.some((range) => range.value === value);
}

export function rangeLabel(range: AnalyticsRange): string {
  return ANALYTICS_RANGES.find((option) => option.value === range)?.label ?? range;
}

/**
 * The API query of a range ending on the trader's `today`, both ends included; `today` always
 * goes along. 'All time' is every session, one dated after today too (a day that is already
 * today somewhere, a session recorded before such days were refused, or one imported): it used
 * to end on today, and left such a session out of the page's figures while its own Streaks
 * card, and the dashboard's rule figures, counted it.
 */
export function analyticsRangeQuery(range: AnalyticsRange, today: string): AnalyticsQueryInput {
  switch (range) {
    case '30d':
      return { from: addDays(today, -29), to: today, today };
    case '90d':
      return { from: addDays(today, -89), to: today, today };
    case '12m':
      return { from: firstDayOf(addMonths(monthOf(today), -11)), to: today, today };
    case 'all':
      return { to: LAST_CALENDAR_DAY, today };
  }
}
