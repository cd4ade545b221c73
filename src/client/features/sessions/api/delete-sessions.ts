import { BULK_DELETE_MAX } from '#shared/constants.ts';
import {
  bulkDeleteSessionsResponseSchema,
  type BulkDeleteSessionsInput,
} from '#shared/schemas/sessions.ts';
import { apiRequest, isHttpError } from '#client/lib/api-client.ts';
import { useApiMutation } from '#client/lib/use-api-mutation.ts';
import { sessionViews } from './session-views.ts';

/** A request after the first failed: the ones before it have deleted theirs. */
export class SessionsPartlyDeleted extends Error {
  constructor(
    readonly deleted: number,
    options: { cause: unknown },
  ) {
    super('Some sessions were deleted, others not', options);
  }
}

/**
 * 'Delete Selected': one request (one transaction) per page's worth of sessions, so a selection
 * that grew over several 'Load more' pages still goes; answers how many were deleted.
 */
export async function deleteSessions({ ids }: BulkDeleteSessionsInput): Promise<number> {
  let deleted = 0;
  for (let start = 0; start < ids.length; start += BULK_DELETE_MAX) {
    try {
      const response = await apiRequest('/api/sessions/bulk-delete', {
        method: 'POST',
        body: { ids: ids.slice(start, start + BULK_DELETE_MAX) },
        schema: bulkDeleteSessionsResponseSchema,
      });
      deleted += response.deleted;
    } catch (error) {
      // A login that ended (401) goes the way every call's does: to the login screen.
      if (start === 0 || isHttpError(error, 401)) throw error;
      throw new SessionsPartlyDeleted(deleted, { cause: error });
    }
  }
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
    // Refreshed after any failure: the requests before the one that failed have deleted theirs.
    refreshOnError: () => true,
    onSuccess,
    onError,
  });
}
