import { queryOptions, useQuery } from '@tanstack/react-query';
import { noticesResponseSchema } from '#shared/schemas/notices.ts';
import { apiRequest } from '#client/lib/api-client.ts';
import { queryKeys } from '#client/lib/query-keys.ts';

/** The trader's latest notices, newest first, and how many are unread. */
export function getNotices({ signal }: { signal?: AbortSignal } = {}) {
  return apiRequest('/api/notices', { schema: noticesResponseSchema, signal });
}

export function noticesQueryOptions() {
  return queryOptions({
    queryKey: queryKeys.notices.all,
    queryFn: ({ signal }) => getNotices({ signal }),
  });
}

export function useNotices() {
  return useQuery(noticesQueryOptions());
}
