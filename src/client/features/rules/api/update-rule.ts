import { ruleResponseSchema, type Rule, type RuleData } from '#shared/schemas/rules.ts';
import { apiRequest } from '#client/lib/api-client.ts';
import { useApiMutation } from '#client/lib/use-api-mutation.ts';
import { ruleViews } from './rule-views.ts';

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

/** A rule deleted elsewhere answers 404, which refreshes the list: the row disappears. */
export function useUpdateRule({ onSuccess, onError }: UseUpdateRuleOptions = {}) {
  return useApiMutation({
    mutationFn: updateRule,
    refreshes: ruleViews,
    onSuccess,
    onError,
  });
}
