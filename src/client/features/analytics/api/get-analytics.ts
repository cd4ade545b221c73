import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { analyticsSchema, type AnalyticsQueryInput } from '#shared/schemas/analytics.ts';
import { apiRequest } from '#client/lib/api-client.ts';
import { todayLocal } from '#client/lib/dates.ts';
import { queryKeys } from '#client/lib/query-keys.ts';

/** The trader's discipline figures over the days the query names. */
export function getAnalytics(
  query: AnalyticsQueryInput,
  { signal }: { signal?: AbortSignal } = {},
) {
  return apiRequest('/api/analytics', { query, schema: analyticsSchema, signal });
}

export function analyticsQueryOptions(query: AnalyticsQueryInput) {
  return queryOptions({
    queryKey: queryKeys.analytics.summary(query),
    queryFn: ({ signal }) => getAnalytics(query, { signal }),
    // Another range keeps the figures on screen (dimmed) until its own arrive, rather than
    // dropping every card back to skeletons.
    placeholderData: keepPreviousData,
  });
}

export function useAnalytics(query: AnalyticsQueryInput) {
  return useQuery(analyticsQueryOptions(query));
}

/** One answer of `useAnalytics`, with its loading and error states: what a card shows. */
export type AnalyticsResult = ReturnType<typeof useAnalytics>;

/**
 * The dashboard's figures: the overall rating of the 30 days ending on the trader's today,
 * and every rule over all history. Both dashboard cards share this one request.
 */
export function useDashboardAnalytics() {
  return useAnalytics({ today: todayLocal() });
}
