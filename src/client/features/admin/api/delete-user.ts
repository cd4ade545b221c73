import { okSchema } from '#shared/schemas/common.ts';
import { apiRequest } from '#client/lib/api-client.ts';
import { useApiMutation } from '#client/lib/use-api-mutation.ts';
import { adminWriteRefreshes } from './refreshes.ts';

export function deleteUser(id: number) {
  return apiRequest(`/api/admin/users/${id}`, { method: 'DELETE', schema: okSchema });
}

type UseDeleteUserOptions = {
  onSuccess?: () => void;
  onError?: (error: Error) => void;
};

export function useDeleteUser({ onSuccess, onError }: UseDeleteUserOptions = {}) {
  return useApiMutation({
    mutationFn: deleteUser,
    ...adminWriteRefreshes,
    onSuccess,
    onError,
  });
}
