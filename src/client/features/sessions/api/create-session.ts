import { useQueryClient } from '@tanstack/react-query';
import {
  sessionResponseSchema,
  type CreateSessionInput,
  type Session,
} from '#shared/schemas/sessions.ts';
import { apiRequest, isHttpError } from '#client/lib/api-client.ts';
import { queryKeys } from '#client/lib/query-keys.ts';
import { useApiMutation } from '#client/lib/use-api-mutation.ts';
import { sessionViews } from './session-views.ts';

/**
 * A new session's identity, chosen once for a New Trading Session dialog and sent with each of
 * its Saves: a Save whose answer was lost (the connection dropped as it came back) and pressed
 * again writes the session the first one made, not a second (docs/decisions/0080). From
 * `getRandomValues`, which an instance served over plain HTTP on a company network has too.
 */
export function newSessionUid(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return btoa(String.fromCharCode(...bytes))
    .replaceAll('+', '-')
    .replaceAll('/', '_')
    .replace(/=+$/, '');
}

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
  const queryClient = useQueryClient();
  return useApiMutation({
    mutationFn: createSession,
    refreshes: sessionViews,
    onSuccess,
    onError: async (error) => {
      // The checklist named a rule deleted elsewhere, or left out one added elsewhere, since it
      // was read. It is read again before the refusal is shown: Save stays held ('Saving...')
      // until the checklist lists the rules as they are, rather than being refused again.
      const isChecklistRefused =
        isHttpError(error, 400) && error.issues?.some((issue) => issue.path === 'rulesFollowed');
      if (isChecklistRefused)
        await queryClient.invalidateQueries({ queryKey: queryKeys.rules.all });
      onError?.(error);
    },
  });
}
