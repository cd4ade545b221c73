import {
  bulkDeleteSessionsResponseSchema,
  type BulkDeleteSessionsInput,
} from '#shared/schemas/sessions.ts';
import { apiRequest } from '#client/lib/api-client.ts';
import { useApiMutation } from '#client/lib/use-api-mutation.ts';
import { sessionViews } from './session-views.ts';

/** 'Delete Selected': one request, one transaction; answers how many were deleted. */
export async function deleteSessions(input: BulkDeleteSessionsInput): Promise<number> {
  const { deleted } = await apiRequest('/api/sessions/bulk-delete', {
    method: 'POST',
    body: input,
    schema: bulkDeleteSessionsResponseSchema,
  });
  return deleted;
}

type UseDeleteSessionsOptions = {
  onSuccess?: (deleted: number) => void;
  onError?: (error: Error) => void;
};

export function useDeleteSessions({ onSuccess, onError }: UseDeleteSessionsOptions = {}) {
  return useApiMutation({
    mutationFn: deleteSessions,
    refreshes: sessionViews,
    onSuccess,
    onError,
  });
}
