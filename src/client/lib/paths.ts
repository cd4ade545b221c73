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
