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
  // Asked again when the window regains focus, as the screens' data is: another tab may have
  // logged out, or in as someone else, and the login may have expired meanwhile. The query
  // client acts on an answer naming another user than before (`followLoginsOfOtherTabs`).
});

export function useAuthSession() {
  return useQuery(authSessionQueryOptions);
}
