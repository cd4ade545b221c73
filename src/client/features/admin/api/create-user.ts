import {
  adminUserResponseSchema,
  type AdminUser,
  type CreateUserData,
} from '#shared/schemas/admin.ts';
import { apiRequest } from '#client/lib/api-client.ts';
import { useApiMutation } from '#client/lib/use-api-mutation.ts';
import { adminWriteRefreshes } from './refreshes.ts';

export async function createUser(input: CreateUserData): Promise<AdminUser> {
  const { user } = await apiRequest('/api/admin/create-user', {
    method: 'POST',
    body: input,
    schema: adminUserResponseSchema,
  });
  return user;
}

type UseCreateUserOptions = {
  onSuccess?: (user: AdminUser) => void;
  onError?: (error: Error) => void;
};

/** Creates an account; the caller hears of success once the list shows it. */
export function useCreateUser({ onSuccess, onError }: UseCreateUserOptions = {}) {
  return useApiMutation({
    mutationFn: createUser,
    ...adminWriteRefreshes,
    onSuccess,
    onError,
  });
}
