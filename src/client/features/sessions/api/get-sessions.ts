import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { sessionsPageSchema, type SessionsQueryInput } from '#shared/schemas/sessions.ts';
import { apiRequest } from '#client/lib/api-client.ts';
import { queryKeys } from '#client/lib/query-keys.ts';

/** The history's filters, as the URL holds them. */
export type SessionFilters = Omit<SessionsQueryInput, 'limit' | 'cursor'>;

/** One page of sessions, newest first. */
export function getSessions(query: SessionsQueryInput, { signal }: { signal?: AbortSignal } = {}) {
  return apiRequest('/api/sessions', { query, schema: sessionsPageSchema, signal });
}

/** The history: page after page of sessions matching `filters`, newest first. */
export function sessionsInfiniteQueryOptions(filters: SessionFilters) {
  return infiniteQueryOptions({
    queryKey: queryKeys.sessions.list(filters),
    queryFn: ({ pageParam, signal }) => getSessions({ ...filters, cursor: pageParam }, { signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.nextCursor ?? undefined,
  });
}

export function useSessionsInfinite(filters: SessionFilters) {
  return useInfiniteQuery(sessionsInfiniteQueryOptions(filters));
}
