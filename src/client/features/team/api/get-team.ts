import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { teamSchema, type TeamQueryInput } from '#shared/schemas/team.ts';
import { apiRequest } from '#client/lib/api-client.ts';
import { queryKeys } from '#client/lib/query-keys.ts';

type TeamListQuery = Omit<TeamQueryInput, 'cursor' | 'limit'>;

/** One page of the traders who share their discipline figures, in the order asked for. */
export function getTeam(query: TeamQueryInput, { signal }: { signal?: AbortSignal } = {}) {
  return apiRequest('/api/admin/team', { query, schema: teamSchema, signal });
}

/** The sharing traders, page after page, in the order asked for. */
export function teamInfiniteQueryOptions(query: TeamListQuery) {
  return infiniteQueryOptions({
    queryKey: queryKeys.team.list(query),
    queryFn: ({ pageParam, signal }) => getTeam({ ...query, cursor: pageParam }, { signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.nextCursor ?? undefined,
    // Another order keeps the rows on screen until the new order's first page arrives.
    placeholderData: keepPreviousData,
  });
}

export function useTeamInfinite(query: TeamListQuery) {
  return useInfiniteQuery(teamInfiniteQueryOptions(query));
}
