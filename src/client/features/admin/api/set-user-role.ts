import { adminUserResponseSchema, type AdminUser } from '#shared/schemas/admin.ts';
import { apiRequest } from '#client/lib/api-client.ts';
import { useApiMutation } from '#client/lib/use-api-mutation.ts';
import { adminWriteRefreshes } from './refreshes.ts';

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

/** Makes a user an administrator or takes the rights away. */
export function useSetUserRole({ onSuccess, onError }: UseSetUserRoleOptions = {}) {
  return useApiMutation({
    mutationFn: setUserRole,
    ...adminWriteRefreshes,
    onSuccess,
    onError,
  });
}
