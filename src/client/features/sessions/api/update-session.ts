import {
  sessionResponseSchema,
  type Session,
  type UpdateSessionInput,
} from '#shared/schemas/sessions.ts';
import { apiRequest } from '#client/lib/api-client.ts';
import { useApiMutation } from '#client/lib/use-api-mutation.ts';
import { sessionViews } from './session-views.ts';

type UpdateSessionVariables = { id: number; input: UpdateSessionInput };

/**
 * Replaces a session's fields and followed flags; `screenshotData` absent keeps the
 * screenshot, `null` removes it, a data URL replaces it.
 */
export async function updateSession({ id, input }: UpdateSessionVariables): Promise<Session> {
  const { session } = await apiRequest(`/api/sessions/${id}`, {
    method: 'PUT',
    body: input,
    schema: sessionResponseSchema,
  });
  return session;
}

type UseUpdateSessionOptions = {
  onSuccess?: (session: Session) => void;
  onError?: (error: Error) => void;
};

export function useUpdateSession({ onSuccess, onError }: UseUpdateSessionOptions = {}) {
  return useApiMutation({ mutationFn: updateSession, refreshes: sessionViews, onSuccess, onError });
}
