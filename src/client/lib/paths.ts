/** Every client route path, in one place. */
export const paths = {
  dashboard: '/',
  login: '/login',
  signup: '/signup',
  rules: '/rules',
  history: '/history',
  sessionDetails: '/history/:id',
  analytics: '/analytics',
  settings: '/settings',
  admin: '/admin',
  team: '/admin/team',
  teamTrader: '/admin/team/:id',
} as const;

export function getSessionDetailsHref(id: number | string) {
  return `/history/${id}`;
}

/**
 * What a link from the history into a session's details carries in the browser's history entry:
 * the history's query (its filters), so that 'Back to History' returns to the view the trader
 * left, after a reload too, rather than to every session.
 */
export type FromHistoryState = { historySearch: string };

/** Where 'Back to History' leads, from the details page's history entry state. */
export function getHistoryHref(state: unknown): string {
  const search =
    typeof state === 'object' && state !== null && 'historySearch' in state
      ? state.historySearch
      : undefined;
  if (typeof search !== 'string') return paths.history;
  // Built again as a query: whatever the entry holds, the link stays on the history.
  const query = new URLSearchParams(search).toString();
  return query ? `${paths.history}?${query}` : paths.history;
}

export function getTeamTraderHref(id: number | string) {
  return `/admin/team/${id}`;
}

/**
 * The analytics page over the last 30 days, with a rule's details brought into view when one is
 * named: where the dashboard's figures of the last 30 days lead (the page itself opens on all
 * time).
 */
export function getRecentAnalyticsHref(ruleId?: number) {
  return `/analytics?range=30d${ruleId === undefined ? '' : `&rule=${ruleId}`}`;
}
