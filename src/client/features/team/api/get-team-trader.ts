import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { AnalyticsQueryInput } from '#shared/schemas/analytics.ts';
import { teamTraderAnalyticsSchema, type TeamTraderAnalytics } from '#shared/schemas/team.ts';
import { apiRequest } from '#client/lib/api-client.ts';
import { queryKeys } from '#client/lib/query-keys.ts';

/** One sharing trader's analytics figures and streaks; 404 when they do not (or no longer) share. */
export function getTeamTrader(
  id: number,
  query: AnalyticsQueryInput,
  { signal }: { signal?: AbortSignal } = {},
) {
  return apiRequest(`/api/admin/team/${id}/analytics`, {
    query,
    schema: teamTraderAnalyticsSchema,
    signal,
  });
}

/**
 * The drill-down's one request, read by each card through its own `select`: the analytics
 * cards get the `Analytics` part exactly as the analytics page gives it to them.
 */
export function useTeamTrader<T>(
  id: number,
  query: AnalyticsQueryInput,
  select: (data: TeamTraderAnalytics) => T,
) {
  return useQuery({
    queryKey: queryKeys.team.trader(id, query),
    queryFn: ({ signal }) => getTeamTrader(id, query, { signal }),
    // Another range keeps the figures on screen (dimmed) until its own arrive.
    placeholderData: keepPreviousData,
    select,
  });
}
