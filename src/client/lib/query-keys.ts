/**
 * Every query key of the client, in one place, so that a write in one feature can refresh what
 * another feature shows (saving a session refreshes history, analytics and the dashboard)
 * without features importing each other. Keys are arrays that start with their group, so
 * `queryKeys.sessions.all` also matches every list and detail below it.
 */
export const queryKeys = {
  /** The login: who is logged in. Not a trading session. */
  auth: {
    all: ['auth'] as const,
    session: ['auth', 'session'] as const,
  },
  /** The logged-in user's active logins (settings, Security). User data: it goes at logout. */
  logins: {
    all: ['logins'] as const,
  },
  /** Branding and signup availability: public, the same for every visitor. */
  appInfo: ['app-info'] as const,
  rules: {
    all: ['rules'] as const,
  },
  /** Trading sessions. */
  sessions: {
    all: ['sessions'] as const,
    /** The history page's pages (an infinite query). */
    list: (filters: Record<string, unknown> = {}) => ['sessions', 'list', filters] as const,
    /** One short list for the dashboard (3 newest, 3 newest with a screenshot). */
    recent: (query: Record<string, unknown> = {}) => ['sessions', 'recent', query] as const,
    detail: (id: number) => ['sessions', 'detail', id] as const,
  },
  sessionTypes: {
    all: ['session-types'] as const,
  },
  analytics: {
    all: ['analytics'] as const,
    summary: (filters: Record<string, unknown> = {}) => ['analytics', 'summary', filters] as const,
    /** 'Does discipline pay?': results by compliance; a session write refreshes it too. */
    disciplinePays: (filters: Record<string, unknown> = {}) =>
      ['analytics', 'discipline-pays', filters] as const,
    /** Streaks, the weakest rule and the calendar: figures of sessions and of the current rules. */
    discipline: ['analytics', 'discipline'] as const,
    streaks: () => ['analytics', 'discipline', 'streaks'] as const,
    weakestRule: (today: string) => ['analytics', 'discipline', 'weakest-rule', today] as const,
    calendar: (range: { from: string; to: string }) =>
      ['analytics', 'discipline', 'calendar', range] as const,
  },
  /** The company view: the figures of the traders who share them (administrators only). */
  team: {
    all: ['team'] as const,
    list: (query: Record<string, unknown> = {}) => ['team', 'list', query] as const,
    trader: (id: number, query: Record<string, unknown> = {}) =>
      ['team', 'trader', id, query] as const,
  },
  /** The trader's weekly reports and low-compliance alerts. */
  notices: {
    all: ['notices'] as const,
  },
  /** The administrator's user list. */
  users: {
    all: ['users'] as const,
    /** Every account, or those a search finds (`''`: no search). */
    list: (search: string) => ['users', 'list', search] as const,
  },
};

/** Groups that do not belong to the logged-in user: they outlive a logout. */
const publicGroups: readonly unknown[] = [queryKeys.auth.all[0], queryKeys.appInfo[0]];

/** True for a query holding the logged-in user's data, which must go when the login ends. */
export function isUserDataKey(queryKey: readonly unknown[]): boolean {
  return !publicGroups.includes(queryKey[0]);
}
