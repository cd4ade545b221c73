import { adminUserResponseSchema, type AdminUser } from '#shared/schemas/admin.ts';
import { apiRequest } from '#client/lib/api-client.ts';
import { queryKeys } from '#client/lib/query-keys.ts';
import { useApiMutation } from '#client/lib/use-api-mutation.ts';

export async function setUserRole({ id, isAdmin }: { id: number; isAdmin: boolean }) {
  const { user } = await apiRequest(`/api/admin/users/${id}/role`, {
    method: 'PUT',
    body: { isAdmin },
    schema: adminUserResponseSchema,
  });
  return user;
}

type UseSetUserRoleOptions = {
  onSuccess?: (user: AdminUser) => void;
  onError?: (error: Error) => void;
};

/** Makes a user an administrator or takes the rights away; a 403 means ours went meanwhile. */
export function useSetUserRole({ onSuccess, onError }: UseSetUserRoleOptions = {}) {
  return useApiMutation({
    mutationFn: setUserRole,
    // A 403 says our own rights were taken away: the login state (and the sidebar) catch up.
    refreshes: [queryKeys.users.all, queryKeys.auth.session],
    refreshOnError: () => true,
    onSuccess,
    onError,
  });
}
