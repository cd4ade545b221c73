import { useMutation, useQueryClient } from '@tanstack/react-query';
import { userResponseSchema, type LoginInput, type User } from '#shared/schemas/auth.ts';
import { apiRequest } from '#client/lib/api-client.ts';
import { sessionQueryKey } from './get-session.ts';

export function login(input: LoginInput) {
  return apiRequest('/api/auth/login', { method: 'POST', body: input, schema: userResponseSchema });
}

type UseLoginOptions = {
  onSuccess?: (user: User, input: LoginInput) => void;
  onError?: (error: Error) => void;
};

/**
 * Logs in, marks the visitor authenticated at once, then refetches the session
 * (spec §4). Callbacks are given to the hook, not to `mutate`, because the
 * login screen unmounts as soon as the visitor is authenticated.
 */
export function useLogin({ onSuccess, onError }: UseLoginOptions = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: login,
    onSuccess: ({ user }, input) => {
      queryClient.setQueryData(sessionQueryKey, { authenticated: true, user });
      onSuccess?.(user, input);
      return queryClient.invalidateQueries({ queryKey: sessionQueryKey });
    },
    onError,
  });
}
