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
} as const;

export function getSessionDetailsHref(id: number | string) {
  return `/history/${id}`;
}
