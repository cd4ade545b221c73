import { noticeResponseSchema } from '#shared/schemas/notices.ts';
import { apiRequest } from '#client/lib/api-client.ts';
import { queryKeys } from '#client/lib/query-keys.ts';
import { useApiMutation } from '#client/lib/use-api-mutation.ts';

/** Dismisses a notice: it is marked read and leaves the dashboard. */
export function markNoticeRead(id: number) {
  return apiRequest(`/api/notices/${id}/read`, { method: 'POST', schema: noticeResponseSchema });
}

export function useMarkNoticeRead({ onError }: { onError?: (error: Error) => void } = {}) {
  return useApiMutation({
    mutationFn: markNoticeRead,
    refreshes: [queryKeys.notices.all],
    onError,
  });
}
