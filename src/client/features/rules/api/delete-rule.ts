import { okSchema } from '#shared/schemas/common.ts';
import { apiRequest } from '#client/lib/api-client.ts';
import { useApiMutation } from '#client/lib/use-api-mutation.ts';
import { ruleViews } from './rule-views.ts';

export function deleteRule(id: number) {
  return apiRequest(`/api/rules/${id}`, { method: 'DELETE', schema: okSchema });
}

type UseDeleteRuleOptions = {
  onSuccess?: () => void;
  onError?: (error: Error) => void;
};

export function useDeleteRule({ onSuccess, onError }: UseDeleteRuleOptions = {}) {
  return useApiMutation({
    mutationFn: deleteRule,
    refreshes: ruleViews,
    onSuccess,
    onError,
  });
}
