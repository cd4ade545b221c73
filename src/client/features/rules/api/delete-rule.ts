import { useQueryClient } from '@tanstack/react-query';
import { okSchema } from '#shared/schemas/common.ts';
import { apiRequest, isHttpError } from '#client/lib/api-client.ts';
import { useApiMutation } from '#client/lib/use-api-mutation.ts';
import { rulesQueryOptions } from './get-rules.ts';
import { ruleViews } from './rule-views.ts';

export function deleteRule(id: number) {
  return apiRequest(`/api/rules/${id}`, { method: 'DELETE', schema: okSchema });
}

type UseDeleteRuleOptions = {
  onSuccess?: () => void;
  onError?: (error: Error) => void;
};

export function useDeleteRule({ onSuccess, onError }: UseDeleteRuleOptions = {}) {
  const queryClient = useQueryClient();
  return useApiMutation({
    mutationFn: deleteRule,
    refreshes: ruleViews,
    onSuccess,
    onError: (error, id) => {
      // Deleted elsewhere already: its row goes at once, as after a delete of this tab's, and
      // the list's refresh follows. Left until that refresh came, the row still held the
      // Delete button the closing dialog gives focus back to, and focus fell to the page
      // when the row went (docs/decisions/0074-focus-after-a-row-goes.md).
      if (isHttpError(error, 404)) {
        queryClient.setQueryData(rulesQueryOptions.queryKey, (rules) =>
          rules?.filter((rule) => rule.id !== id),
        );
      }
      onError?.(error);
    },
  });
}
