import {
  sessionResponseSchema,
  type CreateSessionInput,
  type Session,
} from '#shared/schemas/sessions.ts';
import { apiRequest } from '#client/lib/api-client.ts';
import { useApiMutation } from '#client/lib/use-api-mutation.ts';
import { sessionViews } from './session-views.ts';

export async function createSession(input: CreateSessionInput): Promise<Session> {
  const { session } = await apiRequest('/api/sessions', {
    method: 'POST',
    body: input,
    schema: sessionResponseSchema,
  });
  return session;
}

type UseCreateSessionOptions = {
  onSuccess?: (session: Session) => void;
  onError?: (error: Error) => void;
};

export function useCreateSession({ onSuccess, onError }: UseCreateSessionOptions = {}) {
  return useApiMutation({ mutationFn: createSession, refreshes: sessionViews, onSuccess, onError });
}
