// Imported by vite.config.ts too, so by relative paths only.
import { paths } from '../lib/paths.ts';

/**
 * The screens whose code loads on demand, each with its route and its module under `routes/`,
 * which exports it as `<Name>Route` (`session-details.tsx` → `SessionDetailsRoute`). The router
 * loads them from here. The build lists the files each screen behind the login needs, with the
 * logged-in shell's; the server names them in its answer to a page request that carries a
 * login, so the browser fetches them beside the app's own code instead of after it has run
 * (docs/decisions/0040-screen-code-named-in-the-page.md), and puts the answers to the screen's
 * `calls` in that page (docs/decisions/0049-page-answers.md).
 */
export interface LazyScreenEntry {
  path: string;
  module: string;
  behindLogin: boolean;
  /** API calls the screen waits for before it draws, answered in the page (no query string). */
  calls?: readonly string[];
}

export const lazyScreens = {
  signup: { path: paths.signup, module: 'signup', behindLogin: false },
  // The dashboard draws what is below its notices once they are known (routes/dashboard.tsx).
  dashboard: {
    path: paths.dashboard,
    module: 'dashboard',
    behindLogin: true,
    calls: ['/api/notices'],
  },
  rules: { path: paths.rules, module: 'rules', behindLogin: true },
  history: { path: paths.history, module: 'history', behindLogin: true },
  sessionDetails: { path: paths.sessionDetails, module: 'session-details', behindLogin: true },
  analytics: { path: paths.analytics, module: 'analytics', behindLogin: true },
  settings: { path: paths.settings, module: 'settings', behindLogin: true },
  admin: { path: paths.admin, module: 'admin', behindLogin: true },
  team: { path: paths.team, module: 'team', behindLogin: true },
  teamTrader: { path: paths.teamTrader, module: 'team-trader', behindLogin: true },
} as const satisfies Partial<Record<keyof typeof paths, LazyScreenEntry>>;

export type LazyScreen = keyof typeof lazyScreens;

/** The module of the logged-in shell (menus, drawer) around every screen behind the login. */
export const AUTHENTICATED_LAYOUT_MODULE = 'layout/authenticated-layout.tsx';

/** The name a route module exports its screen under: `team-trader` → `TeamTraderRoute`. */
export function screenComponentName(module: string): string {
  const words = module.split('-').map((word) => word.charAt(0).toUpperCase() + word.slice(1));
  return `${words.join('')}Route`;
}
