import { describe, expect, it } from 'vitest';
import { analyticsRangeQuery, isAnalyticsRange } from './analytics-range.ts';

describe('the API query of a range', () => {
  const today = '2026-03-14';

  it('counts 30 and 90 days with today included', () => {
    expect(analyticsRangeQuery('30d', today)).toEqual({ from: '2026-02-13', to: today, today });
    expect(analyticsRangeQuery('90d', today)).toEqual({ from: '2025-12-15', to: today, today });
  });

  it('covers the 12 calendar months up to the current one', () => {
    expect(analyticsRangeQuery('12m', today)).toEqual({ from: '2025-04-01', to: today, today });
    expect(analyticsRangeQuery('12m', '2026-12-31').from).toBe('2026-01-01');
    expect(analyticsRangeQuery('12m', '2026-01-01').from).toBe('2025-02-01');
  });

  it('takes every session for all time, one dated after today too', () => {
    expect(analyticsRangeQuery('all', today)).toEqual({ to: '9998-12-31', today });
  });

  it('accepts only the names it knows', () => {
    expect(isAnalyticsRange('30d')).toBe(true);
    expect(isAnalyticsRange('all')).toBe(true);
    expect(isAnalyticsRange('7d')).toBe(false);
    expect(isAnalyticsRange(null)).toBe(false);
  });
});
