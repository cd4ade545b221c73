import {
  endedLoginsSchema,
  type ChangePasswordInput,
  type EndedLogins,
} from '#shared/schemas/security.ts';
import { apiRequest } from '#client/lib/api-client.ts';
import { queryKeys } from '#client/lib/query-keys.ts';
import { useApiMutation } from '#client/lib/use-api-mutation.ts';

/** Changes the logged-in user's password; the server ends every other login. */
export function changePassword(input: ChangePasswordInput): Promise<EndedLogins> {
  return apiRequest('/api/auth/password', {
    method: 'PUT',
    body: input,
    schema: endedLoginsSchema,
  });
}

type UseChangePasswordOptions = {
  onSuccess?: (result: EndedLogins) => void;
  onError?: (error: Error) => void;
};

/** The list of active logins is refreshed: the other ones are gone. */
export function useChangePassword({ onSuccess, onError }: UseChangePasswordOptions = {}) {
  return useApiMutation({
    mutationFn: changePassword,
    refreshes: [queryKeys.logins.all],
    onSuccess,
    onError,
  });
}
