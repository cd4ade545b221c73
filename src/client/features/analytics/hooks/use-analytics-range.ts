import { useSearchParams } from 'wouter';
import { todayLocal } from '#client/lib/dates.ts';
import {
  analyticsRangeQuery,
  DEFAULT_ANALYTICS_RANGE,
  isAnalyticsRange,
  type AnalyticsRange,
} from '../analytics-range.ts';

/**
 * The analytics page's range, kept in the URL (`?range=30d`) so that it survives a reload and
 * can be bookmarked; an unknown value is the default. A change replaces the history entry:
 * Back leaves the page rather than stepping through every range tried.
 */
export function useAnalyticsRange() {
  const [params, setParams] = useSearchParams();
  const value = params.get('range');
  const range: AnalyticsRange = isAnalyticsRange(value) ? value : DEFAULT_ANALYTICS_RANGE;
  return {
    range,
    /** The range as the API takes it, ending on the trader's own today. */
    query: analyticsRangeQuery(range, todayLocal()),
    setRange: (next: AnalyticsRange) => setParams({ range: next }, { replace: true }),
  };
}
