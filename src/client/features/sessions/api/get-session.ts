import { queryOptions, useQuery } from '@tanstack/react-query';
import { sessionResponseSchema, type Session } from '#shared/schemas/sessions.ts';
import { apiRequest } from '#client/lib/api-client.ts';
import { queryKeys } from '#client/lib/query-keys.ts';

export async function getSession(id: number, { signal }: { signal?: AbortSignal } = {}) {
  const { session } = await apiRequest(`/api/sessions/${id}`, {
    schema: sessionResponseSchema,
    signal,
  });
  return session;
}

export function sessionQueryOptions(id: number) {
  return queryOptions<Session>({
    queryKey: queryKeys.sessions.detail(id),
    queryFn: ({ signal }) => getSession(id, { signal }),
  });
}

/** One session with its checklist; a missing or foreign id fails with a 404. */
export function useSession(id: number) {
  return useQuery(sessionQueryOptions(id));
}
