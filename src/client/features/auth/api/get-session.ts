import { queryOptions, useQuery } from '@tanstack/react-query';
import { authSessionSchema, type AuthSession } from '#shared/schemas/auth.ts';
import { apiRequest } from '#client/lib/api-client.ts';

export const sessionQueryKey = ['auth', 'session'] as const;

export function getSession({ signal }: { signal?: AbortSignal } = {}): Promise<AuthSession> {
  return apiRequest('/api/auth/session', { schema: authSessionSchema, signal });
}

export const sessionQueryOptions = queryOptions({
  queryKey: sessionQueryKey,
  queryFn: getSession,
});

export function useSession() {
  return useQuery(sessionQueryOptions);
}
