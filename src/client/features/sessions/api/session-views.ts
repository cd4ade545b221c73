import { queryKeys } from '#client/lib/query-keys.ts';

/**
 * What a session write changes: every list and detail of sessions (history, dashboard cards,
 * details), every figure computed from them (analytics, the dashboard's compliance cards), and
 * the team's figures, where an administrator who shares theirs is one of the traders.
 */
export const sessionViews = [
  queryKeys.sessions.all,
  queryKeys.analytics.all,
  queryKeys.team.all,
] as const;
