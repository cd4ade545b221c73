import { queryOptions, useQuery } from '@tanstack/react-query';
import { activeLoginsResponseSchema, type ActiveLogin } from '#shared/schemas/security.ts';
import { apiRequest } from '#client/lib/api-client.ts';
import { queryKeys } from '#client/lib/query-keys.ts';

/** The logged-in user's active logins: this one first, then by last use. */
export async function getLogins({ signal }: { signal?: AbortSignal } = {}): Promise<ActiveLogin[]> {
  const { logins } = await apiRequest('/api/auth/logins', {
    schema: activeLoginsResponseSchema,
    signal,
  });
  return logins;
}

export const loginsQueryOptions = queryOptions({
  queryKey: queryKeys.logins.all,
  queryFn: getLogins,
});

export function useLogins() {
  return useQuery(loginsQueryOptions);
}
