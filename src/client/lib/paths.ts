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
