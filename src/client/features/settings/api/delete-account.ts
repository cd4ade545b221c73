import { useQueryClient } from '@tanstack/react-query';
import type { DeleteAccountInput } from '#shared/schemas/admin.ts';
import type { AuthSession } from '#shared/schemas/auth.ts';
import { okSchema } from '#shared/schemas/common.ts';
import { apiRequest } from '#client/lib/api-client.ts';
import { forgetDrafts } from '#client/lib/drafts.ts';
import { forgetLogin } from '#client/lib/query-client.ts';
import { forgetRememberedUsername } from '#client/lib/remembered-username.ts';
import { queryKeys } from '#client/lib/query-keys.ts';
import { useApiMutation } from '#client/lib/use-api-mutation.ts';

export function deleteAccount(input: DeleteAccountInput) {
  return apiRequest('/api/auth/account', { method: 'DELETE', body: input, schema: okSchema });
}

type UseDeleteAccountOptions = {
  onSuccess?: () => void;
  onError?: (error: Error) => void;
};

/**
 * Deletes the logged-in user's own account. On success the login is gone on the server, so
 * the cache forgets it at once, as a logout does.
 */
export function useDeleteAccount({ onSuccess, onError }: UseDeleteAccountOptions = {}) {
  const queryClient = useQueryClient();
  return useApiMutation({
    mutationFn: deleteAccount,
    // A 409 (the last administrator) changes nothing: there is no list to refresh.
    refreshOnError: () => false,
    onSuccess: () => {
      // The login screen comes next: it does not offer the name of an account that is gone.
      const session = queryClient.getQueryData<AuthSession>(queryKeys.auth.session);
      if (session?.user) forgetRememberedUsername(session.user.username);
      forgetLogin(queryClient);
      forgetDrafts();
      onSuccess?.();
      return queryClient.invalidateQueries({ queryKey: queryKeys.auth.session });
    },
    onError,
  });
}
