import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { adminUsersPageSchema, type AdminUsersQueryInput } from '#shared/schemas/admin.ts';
import { apiRequest } from '#client/lib/api-client.ts';
import { queryKeys } from '#client/lib/query-keys.ts';

/** One page of users, newest first. */
export function getUsers(query: AdminUsersQueryInput, { signal }: { signal?: AbortSignal } = {}) {
  return apiRequest('/api/admin/users', { query, schema: adminUsersPageSchema, signal });
}

/** Every user, page after page, newest first. */
export function usersInfiniteQueryOptions() {
  return infiniteQueryOptions({
    queryKey: queryKeys.users.list(),
    queryFn: ({ pageParam, signal }) => getUsers({ cursor: pageParam }, { signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.nextCursor ?? undefined,
  });
}

export function useUsersInfinite() {
  return useInfiniteQuery(usersInfiniteQueryOptions());
}
