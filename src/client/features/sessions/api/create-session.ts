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
