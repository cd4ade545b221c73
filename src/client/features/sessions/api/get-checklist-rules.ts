import { queryOptions, useQuery } from '@tanstack/react-query';
import { rulesResponseSchema } from '#shared/schemas/rules.ts';
import { apiRequest } from '#client/lib/api-client.ts';
import { queryKeys } from '#client/lib/query-keys.ts';

/**
 * The trader's current rules, in their order: the new-session checklist.
 *
 * Why here and not the rules feature's `useRules`: features never import each other, and the
 * dialog is opened from several screens through `useSessionDialogs()`, so having every route
 * fetch the rules and pass them in would tie each caller to the dialog's insides. Instead this
 * reads the very same cache entry: same key (`queryKeys.rules.all`), same endpoint, same shared
 * schema, same result (`Rule[]`), so whichever of the two fetches fills it, both read the same
 * data, and a rule added or edited anywhere refreshes the checklist too.
 */
export const checklistRulesQueryOptions = queryOptions({
  queryKey: queryKeys.rules.all,
  queryFn: async ({ signal }) =>
    (await apiRequest('/api/rules', { schema: rulesResponseSchema, signal })).rules,
});

/**
 * `enabled: false` for an edit, whose checklist is the session's own. Asked again each time a
 * new session's form opens, the cached list shown meanwhile: the server refuses a checklist
 * that leaves out a rule added on another device since, or names one deleted there.
 */
export function useChecklistRules({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...checklistRulesQueryOptions, enabled, refetchOnMount: 'always' });
}
