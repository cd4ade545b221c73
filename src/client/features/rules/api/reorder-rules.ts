import { useQueryClient } from '@tanstack/react-query';
import { rulesResponseSchema, type ReorderRulesInput, type Rule } from '#shared/schemas/rules.ts';
import { toastError } from '#client/components/error-toast.ts';
import { toast } from '#client/components/ui/use-toast.ts';
import { apiRequest, isHttpError } from '#client/lib/api-client.ts';
import { queryKeys } from '#client/lib/query-keys.ts';
import { useApiMutation } from '#client/lib/use-api-mutation.ts';
import { ruleViews } from './rule-views.ts';
import { orderRules } from '../order-rules.ts';

const LIST_CHANGED =
  'Your rules were changed elsewhere, so the new order was not saved. The list now shows them as they are.';

/** Saves a new order: `ruleIds` lists every one of the trader's rules exactly once. */
export async function reorderRules(input: ReorderRulesInput): Promise<Rule[]> {
  const { rules } = await apiRequest('/api/rules/reorder', {
    method: 'PUT',
    body: input,
    schema: rulesResponseSchema,
  });
  return rules;
}

/**
 * Moves the rows at once and puts them back if the server refuses. The cache is the only copy
 * of the list, so the optimistic order lives there. Any refusal refreshes the list: it usually
 * means the rules changed in another tab, and the rolled-back copy may be out of date too.
 */
export function useReorderRules() {
  const queryClient = useQueryClient();
  return useApiMutation({
    mutationFn: reorderRules,
    refreshes: ruleViews,
    refreshOnError: () => true,
    onMutate: async ({ ruleIds }) => {
      // A refetch still in flight would overwrite the new order with the old one.
      await queryClient.cancelQueries({ queryKey: queryKeys.rules.all });
      const previous = queryClient.getQueryData<Rule[]>(queryKeys.rules.all);
      const next = previous && orderRules(previous, ruleIds);
      if (next) queryClient.setQueryData<Rule[]>(queryKeys.rules.all, next);
      return { previous };
    },
    onError: (error, _input, context) => {
      if (context?.previous) queryClient.setQueryData(queryKeys.rules.all, context.previous);
      // A conflict: the rules changed elsewhere since the list was shown (it is being refreshed).
      if (isHttpError(error, 409)) {
        toast({ variant: 'destructive', title: 'Error', description: LIST_CHANGED });
      } else {
        toastError(error, { fallback: 'Failed to reorder rules' });
      }
    },
  });
}
