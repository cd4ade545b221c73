import { useQuery } from '@tanstack/react-query';
import {
  calendarResponseSchema,
  streaksResponseSchema,
  weakestRuleResponseSchema,
} from '#shared/schemas/discipline.ts';
import { apiRequest } from '#client/lib/api-client.ts';
import { todayLocal } from '#client/lib/dates.ts';
import { queryKeys } from '#client/lib/query-keys.ts';

/** Current and longest runs at 100% and ≥ 90%, and each rule's current run. */
export function useStreaks() {
  return useQuery({
    queryKey: queryKeys.analytics.streaks(),
    queryFn: ({ signal }) =>
      apiRequest('/api/discipline/streaks', { schema: streaksResponseSchema, signal }),
    select: (answer) => answer.streaks,
  });
}

/**
 * The rule broken most often in the 30 days ending on the trader's own today, or null and why
 * there is none.
 */
export function useWeakestRule() {
  const today = todayLocal();
  return useQuery({
    queryKey: queryKeys.analytics.weakestRule(today),
    queryFn: ({ signal }) =>
      apiRequest('/api/discipline/weakest-rule', {
        query: { today },
        schema: weakestRuleResponseSchema,
        signal,
      }),
  });
}

/** The days with sessions between `from` and `to` (both included, at most 366 days). */
export function useDisciplineCalendar(range: { from: string; to: string }) {
  return useQuery({
    queryKey: queryKeys.analytics.calendar(range),
    queryFn: ({ signal }) =>
      apiRequest('/api/discipline/calendar', {
        query: range,
        schema: calendarResponseSchema,
        signal,
      }),
    select: (answer) => answer.days,
  });
}
