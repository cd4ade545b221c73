import { useMutation, useQueryClient } from '@tanstack/react-query';
import { okSchema } from '#shared/schemas/common.ts';
import { apiRequest } from '#client/lib/api-client.ts';
import { rulesQueryKey } from './get-rules.ts';

export function deleteRule(id: number) {
  return apiRequest(`/api/rules/${id}`, { method: 'DELETE', schema: okSchema });
}

type UseDeleteRuleOptions = {
  onSuccess?: () => void;
  onError?: (error: Error) => void;
};

export function useDeleteRule({ onSuccess, onError }: UseDeleteRuleOptions = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteRule,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: rulesQueryKey });
      onSuccess?.();
    },
    onError,
  });
}
