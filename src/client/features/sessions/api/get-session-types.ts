import { queryOptions, useQuery } from '@tanstack/react-query';
import { sessionTypesResponseSchema, type SessionType } from '#shared/schemas/sessions.ts';
import { apiRequest } from '#client/lib/api-client.ts';
import { queryKeys } from '#client/lib/query-keys.ts';

/** The fixed list of market sessions (times in UTC). */
export async function getSessionTypes({ signal }: { signal?: AbortSignal } = {}) {
  const { sessionTypes } = await apiRequest('/api/session-types', {
    schema: sessionTypesResponseSchema,
    signal,
  });
  return sessionTypes;
}

export const sessionTypesQueryOptions = queryOptions({
  queryKey: queryKeys.sessionTypes.all,
  queryFn: getSessionTypes,
});

export function useSessionTypes() {
  return useQuery(sessionTypesQueryOptions);
}

/** 'name (start-end)', as the select and the details page show a type. */
export function formatSessionType(type: SessionType): string {
  return `${type.name} (${type.startTime}-${type.endTime})`;
}
