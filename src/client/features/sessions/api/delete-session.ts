import { okSchema } from '#shared/schemas/common.ts';
import { apiRequest } from '#client/lib/api-client.ts';
import { useApiMutation } from '#client/lib/use-api-mutation.ts';
import { sessionViews } from './session-views.ts';

export function deleteSession(id: number) {
  return apiRequest(`/api/sessions/${id}`, { method: 'DELETE', schema: okSchema });
}

type UseDeleteSessionOptions = {
  onSuccess?: () => void;
  onError?: (error: Error) => void;
};

export function useDeleteSession({ onSuccess, onError }: UseDeleteSessionOptions = {}) {
  return useApiMutation({ mutationFn: deleteSession, refreshes: sessionViews, onSuccess, onError });
}
