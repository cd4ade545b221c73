import { useQueryClient } from '@tanstack/react-query';
import { userResponseSchema, type LoginInput, type User } from '#shared/schemas/auth.ts';
import { apiRequest } from '#client/lib/api-client.ts';
import { forgetDrafts } from '#client/lib/drafts.ts';
import { queryKeys } from '#client/lib/query-keys.ts';
import { useApiMutation } from '#client/lib/use-api-mutation.ts';

export function login(input: LoginInput) {
  return apiRequest('/api/auth/login', { method: 'POST', body: input, schema: userResponseSchema });
}

type UseLoginOptions = {
  onSuccess?: (user: User, input: LoginInput) => void;
  onError?: (error: Error) => void;
};

/**
 * Logs in, marks the visitor logged in at once, then refetches the login to confirm it.
 * Callbacks are given to the hook, not to `mutate`, because the login screen unmounts as soon
 * as the visitor is logged in.
 */
export function useLogin({ onSuccess, onError }: UseLoginOptions = {}) {
  const queryClient = useQueryClient();
  return useApiMutation({
    mutationFn: login,
    onSuccess: ({ user }, input) => {
      queryClient.setQueryData(queryKeys.auth.session, { authenticated: true, user });
      // A draft someone else left in this tab is not theirs (src/client/lib/drafts.ts).
      forgetDrafts({ except: user.id });
      onSuccess?.(user, input);
      return queryClient.invalidateQueries({ queryKey: queryKeys.auth.session });
    },
    onError,
  });
}
