import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { adminUsersPageSchema, type AdminUsersQueryInput } from '#shared/schemas/admin.ts';
import { apiRequest } from '#client/lib/api-client.ts';
import { queryKeys } from '#client/lib/query-keys.ts';

/** One page of users, newest first. */
export function getUsers(query: AdminUsersQueryInput, { signal }: { signal?: AbortSignal } = {}) {
  return apiRequest('/api/admin/users', { query, schema: adminUsersPageSchema, signal });
}

/**
 * Every user, or those `search` finds, page after page, newest first. While another search
 * is read, the list of the last one stays, so the grid does not blink back to placeholders.
 */
export function usersInfiniteQueryOptions(search: string) {
  return infiniteQueryOptions({
    queryKey: queryKeys.users.list(search),
    // Each page says which search it answers: the last one's list stays while the next is read.
    queryFn: async ({ pageParam, signal }) => ({
      ...(await getUsers({ cursor: pageParam, search: search || undefined }, { signal })),
      search,
    }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.nextCursor ?? undefined,
    placeholderData: keepPreviousData,
  });
}

export function useUsersInfinite(search: string) {
  return useInfiniteQuery(usersInfiniteQueryOptions(search));
}
