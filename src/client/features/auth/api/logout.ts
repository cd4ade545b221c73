import { useMutation, useQueryClient } from '@tanstack/react-query';
import { okSchema } from '#shared/schemas/common.ts';
import { apiRequest } from '#client/lib/api-client.ts';
import { appInfoQueryKey } from '#client/lib/query-keys.ts';
import { sessionQueryKey } from './get-session.ts';

export function logout() {
  return apiRequest('/api/auth/logout', { method: 'POST', schema: okSchema });
}

type UseLogoutOptions = {
  onSuccess?: () => void;
  onError?: (error: Error) => void;
};

/**
 * Logs out and forgets every cached answer that belonged to the user. The
 * session entry is overwritten rather than removed so that mounted observers
 * see the change at once; it is then refetched to confirm it with the server.
 * Callbacks go to the hook because the user menu unmounts with the sidebar.
 */
export function useLogout({ onSuccess, onError }: UseLogoutOptions = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: logout,
    onSuccess: () => {
      queryClient.setQueryData(sessionQueryKey, { authenticated: false, user: null });
      queryClient.removeQueries({
        predicate: ({ queryKey }) =>
          queryKey[0] !== sessionQueryKey[0] && queryKey[0] !== appInfoQueryKey[0],
      });
      onSuccess?.();
      return queryClient.invalidateQueries({ queryKey: sessionQueryKey });
    },
    onError,
  });
}
