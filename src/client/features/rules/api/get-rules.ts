import { queryOptions, useQuery } from '@tanstack/react-query';
import { rulesResponseSchema, type Rule } from '#shared/schemas/rules.ts';
import { apiRequest } from '#client/lib/api-client.ts';
import { queryKeys } from '#client/lib/query-keys.ts';

/** The trader's rules, in their chosen order. */
export async function getRules({ signal }: { signal?: AbortSignal } = {}): Promise<Rule[]> {
  const { rules } = await apiRequest('/api/rules', { schema: rulesResponseSchema, signal });
  return rules;
}

export const rulesQueryOptions = queryOptions({
  queryKey: queryKeys.rules.all,
  queryFn: getRules,
});

export function useRules() {
  return useQuery(rulesQueryOptions);
}
