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

/*
 * Calendar-day arithmetic on `YYYY-MM-DD`: the parts go through UTC, where every day has 24
 * hours, so that no time-zone offset or daylight-saving change can move a day.
 */
function parseDay(day: string): [year: number, month: number, date: number] {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return [year, month - 1, date];
}

function formatUtcDay(time: number): string {
  return new Date(time).toISOString().slice(0, 10);
}

/** The calendar day `days` after `day` (before, when negative). */
export function addDays(day: string, days: number): string {
  const [year, month, date] = parseDay(day);
  return formatUtcDay(Date.UTC(year, month, date + days));
}

/** The first day of the month `months` before the month of `day`. */
export function startOfMonthsAgo(day: string, months: number): string {
  const [year, month] = parseDay(day);
  return formatUtcDay(Date.UTC(year, month - months, 1));
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
      return { from: startOfMonthsAgo(today, 11), to: today, today };
    case 'all':
      return { to: today, today };
  }
}
