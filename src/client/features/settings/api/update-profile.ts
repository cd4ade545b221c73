import type { QueryKey } from '@tanstack/react-query';
import { userResponseSchema, type User } from '#shared/schemas/auth.ts';
import type { UpdateProfileInput } from '#shared/schemas/settings.ts';
import { apiRequest } from '#client/lib/api-client.ts';
import { queryKeys } from '#client/lib/query-keys.ts';
import { useApiMutation } from '#client/lib/use-api-mutation.ts';

/** Changes the logged-in user's profile fields or notification switches; the rest stays. */
export async function updateProfile(input: UpdateProfileInput): Promise<User> {
  const { user } = await apiRequest('/api/auth/update-profile', {
    method: 'PUT',
    body: input,
    schema: userResponseSchema,
  });
  return user;
}

type UseUpdateProfileOptions = {
  onSuccess?: (user: User) => void;
  onError?: (error: Error) => void;
  /** What else the change alters: results shown in another currency or without money. */
  alsoRefreshes?: readonly QueryKey[];
};

/**
 * Refreshes the login's user, so that the sidebar and menus show the new name at once, and the
 * lists that show it to administrators (the users, the team), should this trader be one.
 */
export function useUpdateProfile({
  onSuccess,
  onError,
  alsoRefreshes = [],
}: UseUpdateProfileOptions = {}) {
  return useApiMutation({
    mutationFn: updateProfile,
    refreshes: [queryKeys.auth.all, queryKeys.users.all, queryKeys.team.all, ...alsoRefreshes],
    onSuccess,
    onError,
  });
}
