import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { teamSchema, type TeamQueryInput } from '#shared/schemas/team.ts';
import { apiRequest } from '#client/lib/api-client.ts';
import { queryKeys } from '#client/lib/query-keys.ts';

/** Every trader who shares their discipline figures, in the order asked for. */
export function getTeam(query: TeamQueryInput, { signal }: { signal?: AbortSignal } = {}) {
  return apiRequest('/api/admin/team', { query, schema: teamSchema, signal });
}

export function teamQueryOptions(query: TeamQueryInput) {
  return queryOptions({
    queryKey: queryKeys.team.list(query),
    queryFn: ({ signal }) => getTeam(query, { signal }),
    // Another order keeps the rows on screen until the new order arrives.
    placeholderData: keepPreviousData,
  });
}

export function useTeam(query: TeamQueryInput) {
  return useQuery(teamQueryOptions(query));
}
