import { queryOptions, useQuery } from '@tanstack/react-query';
import { authSessionSchema, type AuthSession } from '#shared/schemas/auth.ts';
import { apiRequest } from '#client/lib/api-client.ts';
import { queryKeys } from '#client/lib/query-keys.ts';

/** Who is logged in (the login, not a trading session). The server never answers 401 here. */
export function getAuthSession({ signal }: { signal?: AbortSignal } = {}): Promise<AuthSession> {
  return apiRequest('/api/auth/session', { schema: authSessionSchema, signal });
}

export const authSessionQueryOptions = queryOptions({
  queryKey: queryKeys.auth.session,
  queryFn: getAuthSession,
  // Not refetched on focus: its answer can only say "logged out", not that a login expired.
  // The next call of a screen gets the 401 that ends the login and says so.
  refetchOnWindowFocus: false,
});

export function useAuthSession() {
  return useQuery(authSessionQueryOptions);
}
