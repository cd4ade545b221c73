import { describe, expect, it } from 'vitest';
import {
  addDays,
  analyticsRangeQuery,
  isAnalyticsRange,
  startOfMonthsAgo,
} from './analytics-range.ts';

describe('calendar-day arithmetic', () => {
  it('crosses months, years and leap days', () => {
    expect(addDays('2026-03-14', -29)).toBe('2026-02-13');
    expect(addDays('2026-01-10', -29)).toBe('2025-12-12');
    expect(addDays('2024-03-29', -29)).toBe('2024-02-29');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(addDays('2025-12-31', 1)).toBe('2026-01-01');
  });

  it('keeps whole days across daylight-saving changes', () => {
    // Europe and the US change clocks on these weekends; a day of 23 or 25 hours must not
    // move the result by one.
    expect(addDays('2026-03-29', -1)).toBe('2026-03-28');
    expect(addDays('2026-11-02', -89)).toBe('2026-08-05');
    expect(addDays('2026-10-25', 1)).toBe('2026-10-26');
  });

  it('finds the first day of a month some months back', () => {
    expect(startOfMonthsAgo('2026-03-14', 11)).toBe('2025-04-01');
    expect(startOfMonthsAgo('2026-12-31', 11)).toBe('2026-01-01');
    expect(startOfMonthsAgo('2026-01-01', 11)).toBe('2025-02-01');
    expect(startOfMonthsAgo('2024-02-29', 0)).toBe('2024-02-01');
  });
});

describe('the API query of a range', () => {
  const today = '2026-03-14';

  it('counts 30 and 90 days with today included', () => {
    expect(analyticsRangeQuery('30d', today)).toEqual({ from: '2026-02-13', to: today, today });
    expect(analyticsRangeQuery('90d', today)).toEqual({ from: '2025-12-15', to: today, today });
  });

  it('covers the 12 calendar months up to the current one', () => {
    expect(analyticsRangeQuery('12m', today)).toEqual({ from: '2025-04-01', to: today, today });
  });

  it('ends all time on today', () => {
    expect(analyticsRangeQuery('all', today)).toEqual({ to: today, today });
  });

  it('accepts only the names it knows', () => {
    expect(isAnalyticsRange('30d')).toBe(true);
    expect(isAnalyticsRange('all')).toBe(true);
    expect(isAnalyticsRange('7d')).toBe(false);
    expect(isAnalyticsRange(null)).toBe(false);
  });
});
