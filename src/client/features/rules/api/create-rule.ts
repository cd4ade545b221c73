import { ruleResponseSchema, type Rule, type RuleData } from '#shared/schemas/rules.ts';
import { apiRequest } from '#client/lib/api-client.ts';
import { useApiMutation } from '#client/lib/use-api-mutation.ts';
import { ruleViews } from './rule-views.ts';

export async function createRule(input: RuleData): Promise<Rule> {
  const { rule } = await apiRequest('/api/rules', {
    method: 'POST',
    body: input,
    schema: ruleResponseSchema,
  });
  return rule;
}

type UseCreateRuleOptions = {
  onSuccess?: (rule: Rule) => void;
  onError?: (error: Error) => void;
};

/** Creates a rule; the caller hears of success once the list shows it. */
export function useCreateRule({ onSuccess, onError }: UseCreateRuleOptions = {}) {
  return useApiMutation({
    mutationFn: createRule,
    refreshes: ruleViews,
    onSuccess,
    onError,
  });
}
