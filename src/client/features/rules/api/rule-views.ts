import { queryKeys } from '#client/lib/query-keys.ts';

/**
 * What a rule write changes: the list, every figure that names the current rules in their
 * order (the dashboard's and the analytics page's streaks, weakest rule and calendar), and the
 * team's, where an administrator who shares their figures is one of the traders. The figures
 * of sessions name each rule as the session recorded it: a rule write leaves them as they are.
 */
export const ruleViews = [
  queryKeys.rules.all,
  queryKeys.analytics.discipline,
  queryKeys.team.all,
] as const;
