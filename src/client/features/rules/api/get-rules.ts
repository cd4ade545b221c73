import { queryOptions, useQuery } from '@tanstack/react-query';
import { rulesResponseSchema, type Rule } from '#shared/schemas/rules.ts';
import { apiRequest } from '#client/lib/api-client.ts';

export const rulesQueryKey = ['rules'] as const;

/** The trader's rules, in their chosen order. */
export async function getRules({ signal }: { signal?: AbortSignal } = {}): Promise<Rule[]> {
  const { rules } = await apiRequest('/api/rules', { schema: rulesResponseSchema, signal });
  return rules;
}

export const rulesQueryOptions = queryOptions({
  queryKey: rulesQueryKey,
  queryFn: getRules,
});

export function useRules() {
  return useQuery(rulesQueryOptions);
}
