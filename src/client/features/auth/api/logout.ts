import { useQueryClient } from '@tanstack/react-query';
import { okSchema } from '#shared/schemas/common.ts';
import { apiRequest } from '#client/lib/api-client.ts';
import { forgetDrafts } from '#client/lib/drafts.ts';
import { forgetLogin } from '#client/lib/query-client.ts';
import { queryKeys } from '#client/lib/query-keys.ts';
import { useApiMutation } from '#client/lib/use-api-mutation.ts';

export function logout() {
  return apiRequest('/api/auth/logout', { method: 'POST', schema: okSchema });
}

type UseLogoutOptions = {
  onSuccess?: () => void;
  onError?: (error: Error) => void;
};

/**
 * Logs out and forgets every cached answer that belonged to the user, and any draft a login
 * that expired left in the tab (src/client/lib/drafts.ts). The login entry is
 * overwritten rather than removed so that mounted observers see the change at once; it is then
 * refetched to confirm it with the server. Callbacks go to the hook because the user menu
 * unmounts with the sidebar.
 */
export function useLogout({ onSuccess, onError }: UseLogoutOptions = {}) {
  const queryClient = useQueryClient();
  return useApiMutation({
    mutationFn: logout,
    onSuccess: () => {
      forgetLogin(queryClient);
      forgetDrafts();
      onSuccess?.();
      return queryClient.invalidateQueries({ queryKey: queryKeys.auth.session });
    },
    onError,
  });
}
