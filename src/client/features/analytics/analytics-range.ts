import { addDays, addMonths, firstDayOf, monthOf } from '#shared/calendar.ts';
import type { AnalyticsQueryInput } from '#shared/schemas/analytics.ts';

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
 * The API query of a range ending on the trader's `today`, both ends included. 'All time' still
 * ends on today, so that every card covers the same days; `today` always goes along.
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
      return { to: today, today };
  }
}
