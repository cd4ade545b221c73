import { queryKeys } from '#client/lib/query-keys.ts';

/**
 * What a session write changes: every list and detail of sessions (history, dashboard cards,
 * details) and every figure computed from them (analytics, the dashboard's compliance cards).
 */
export const sessionViews = [queryKeys.sessions.all, queryKeys.analytics.all] as const;
