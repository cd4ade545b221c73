import { endedLoginsSchema, type EndedLogins } from '#shared/schemas/security.ts';
import { apiRequest } from '#client/lib/api-client.ts';
import { queryKeys } from '#client/lib/query-keys.ts';
import { useApiMutation } from '#client/lib/use-api-mutation.ts';

/** 'Log out everywhere else': ends every login of the user but this one. */
export function endOtherLogins(): Promise<EndedLogins> {
  return apiRequest('/api/auth/logins/end-others', { method: 'POST', schema: endedLoginsSchema });
}

type UseEndOtherLoginsOptions = {
  onSuccess?: (result: EndedLogins) => void;
  onError?: (error: Error) => void;
};

export function useEndOtherLogins({ onSuccess, onError }: UseEndOtherLoginsOptions = {}) {
  return useApiMutation({
    mutationFn: endOtherLogins,
    refreshes: [queryKeys.logins.all],
    onSuccess,
    onError,
  });
}
