import { useMutation, useQueryClient } from '@tanstack/react-query';
import { rulesResponseSchema, type ReorderRulesInput, type Rule } from '#shared/schemas/rules.ts';
import { toast } from '#client/components/ui/use-toast.ts';
import { apiRequest, getErrorMessage } from '#client/lib/api-client.ts';
import { rulesQueryKey } from './get-rules.ts';

/** Saves a new order: `ruleIds` lists every one of the trader's rules exactly once. */
export async function reorderRules(input: ReorderRulesInput): Promise<Rule[]> {
  const { rules } = await apiRequest('/api/rules/reorder', {
    method: 'PUT',
    body: input,
    schema: rulesResponseSchema,
  });
  return rules;
}

/** The rules in the order of `ruleIds`; undefined when the ids no longer match the rules. */
export function orderRules(rules: Rule[], ruleIds: number[]): Rule[] | undefined {
  const byId = new Map(rules.map((rule) => [rule.id, rule]));
  const ordered = ruleIds.flatMap((id) => byId.get(id) ?? []);
  return ordered.length === rules.length ? ordered : undefined;
}

/**
 * Moves the rows at once (spec §4) and puts them back if the server refuses.
 * The cache is the only copy of the list, so the optimistic order lives there.
 */
export function useReorderRules() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: reorderRules,
    onMutate: async ({ ruleIds }) => {
      // A refetch still in flight would overwrite the new order with the old one.
      await queryClient.cancelQueries({ queryKey: rulesQueryKey });
      const previous = queryClient.getQueryData<Rule[]>(rulesQueryKey);
      const next = previous && orderRules(previous, ruleIds);
      if (next) queryClient.setQueryData<Rule[]>(rulesQueryKey, next);
      return { previous };
    },
    onError: (error, _input, context) => {
      if (context?.previous) queryClient.setQueryData(rulesQueryKey, context.previous);
      toast({
        variant: 'destructive',
        title: 'Error',
        description: getErrorMessage(error, 'Failed to reorder rules'),
      });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: rulesQueryKey }),
  });
}
