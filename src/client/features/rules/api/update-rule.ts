import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ruleResponseSchema, type Rule, type RuleData } from '#shared/schemas/rules.ts';
import { apiRequest } from '#client/lib/api-client.ts';
import { rulesQueryKey } from './get-rules.ts';

type UpdateRuleVariables = { id: number; input: RuleData };

/** Replaces a rule's description and notes; notes left out of the body mean "no notes". */
export async function updateRule({ id, input }: UpdateRuleVariables): Promise<Rule> {
  const { rule } = await apiRequest(`/api/rules/${id}`, {
    method: 'PUT',
    body: input,
    schema: ruleResponseSchema,
  });
  return rule;
}

type UseUpdateRuleOptions = {
  onSuccess?: (rule: Rule) => void;
  onError?: (error: Error) => void;
};

export function useUpdateRule({ onSuccess, onError }: UseUpdateRuleOptions = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateRule,
    onSuccess: async (rule) => {
      await queryClient.invalidateQueries({ queryKey: rulesQueryKey });
      onSuccess?.(rule);
    },
    onError,
  });
}
