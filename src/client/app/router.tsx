import { lazy, Suspense, type ReactNode } from 'react';
import { Route, Switch } from 'wouter';
import { PageLoading } from '#client/components/page-loading.tsx';
import { GuestRoute } from '#client/features/auth/components/guest-route.tsx';
import { ProtectedRoute } from '#client/features/auth/components/protected-route.tsx';
import { paths } from '#client/lib/paths.ts';
import { preloadAuthenticatedLayout } from './layout/app-layout.tsx';
import { LoginRoute } from './routes/login.tsx';

/**
 * Every screen but the login loads on demand: the login screen stays small (its JavaScript
 * budget is 100 kB gzip, e2e/js-budget.spec.ts).
 */
const screens = {
  signup: () => import('./routes/signup.tsx').then((m) => ({ default: m.SignupRoute })),
  dashboard: () => import('./routes/dashboard.tsx').then((m) => ({ default: m.DashboardRoute })),
  rules: () => import('./routes/rules.tsx').then((m) => ({ default: m.RulesRoute })),
  history: () => import('./routes/history.tsx').then((m) => ({ default: m.HistoryRoute })),
  sessionDetails: () =>
    import('./routes/session-details.tsx').then((m) => ({ default: m.SessionDetailsRoute })),
  analytics: () => import('./routes/analytics.tsx').then((m) => ({ default: m.AnalyticsRoute })),
  settings: () => import('./routes/settings.tsx').then((m) => ({ default: m.SettingsRoute })),
  admin: () => import('./routes/admin.tsx').then((m) => ({ default: m.AdminRoute })),
  team: () => import('./routes/team.tsx').then((m) => ({ default: m.TeamRoute })),
  teamTrader: () =>
    import('./routes/team-trader.tsx').then((m) => ({ default: m.TeamTraderRoute })),
} satisfies Partial<Record<keyof typeof paths, unknown>>;

const SignupRoute = lazy(screens.signup);
const DashboardRoute = lazy(screens.dashboard);
const RulesRoute = lazy(screens.rules);
const HistoryRoute = lazy(screens.history);
const SessionDetailsRoute = lazy(screens.sessionDetails);
const AnalyticsRoute = lazy(screens.analytics);
const SettingsRoute = lazy(screens.settings);
const AdminRoute = lazy(screens.admin);
const TeamRoute = lazy(screens.team);
const TeamTraderRoute = lazy(screens.teamTrader);
const NotFoundRoute = lazy(() =>
  import('./routes/not-found.tsx').then((m) => ({ default: m.NotFoundRoute })),
);

function matchesPath(pattern: string, pathname: string) {
  const wanted = pattern.split('/');
  const given = pathname.split('/');
  return (
    wanted.length === given.length &&
    wanted.every((part, index) => part.startsWith(':') || part === given[index])
  );
}

/**
 * Starts loading the code of the screen at `pathname`, if it has one of its own, and of the
 * logged-in shell around it. Called once as the app starts: that code then downloads beside the
 * login check instead of after it, one round trip less before a returning trader sees the page
 * (on a phone's network, most of the time to the first screen). A visitor who turns out to be
 * logged out has fetched a screen they will not see yet; the login page itself preloads nothing.
 */
export function preloadScreenAt(pathname: string) {
  const screen = (Object.keys(screens) as (keyof typeof screens)[]).find((name) =>
    matchesPath(paths[name], pathname),
  );
  if (!screen) return;
  void screens[screen]();
  if (screen !== 'signup') preloadAuthenticatedLayout();
}

function Protected({ children, requireAdmin }: { children: ReactNode; requireAdmin?: boolean }) {
  return (
    <ProtectedRoute requireAdmin={requireAdmin}>
      <Suspense fallback={<PageLoading />}>{children}</Suspense>
    </ProtectedRoute>
  );
}

/** The route table: the screens of the product and the login they need. */
export function AppRouter() {
  return (
    <Switch>
      <Route path={paths.login}>
        <GuestRoute>
          <LoginRoute />
        </GuestRoute>
      </Route>
      <Route path={paths.signup}>
        <GuestRoute>
          <Suspense fallback={<PageLoading />}>
            <SignupRoute />
          </Suspense>
        </GuestRoute>
      </Route>
      <Route path={paths.dashboard}>
        <Protected>
          <DashboardRoute />
        </Protected>
      </Route>
      <Route path={paths.rules}>
        <Protected>
          <RulesRoute />
        </Protected>
      </Route>
      <Route path={paths.history}>
        <Protected>
          <HistoryRoute />
        </Protected>
      </Route>
      <Route path={paths.sessionDetails}>
        <Protected>
          <SessionDetailsRoute />
        </Protected>
      </Route>
      <Route path={paths.analytics}>
        <Protected>
          <AnalyticsRoute />
        </Protected>
      </Route>
      <Route path={paths.settings}>
        <Protected>
          <SettingsRoute />
        </Protected>
      </Route>
      <Route path={paths.team}>
        <Protected requireAdmin>
          <TeamRoute />
        </Protected>
      </Route>
      <Route path={paths.teamTrader}>
        <Protected requireAdmin>
          <TeamTraderRoute />
        </Protected>
      </Route>
      <Route path={paths.admin}>
        <Protected requireAdmin>
          <AdminRoute />
        </Protected>
      </Route>
      <Route>
        <Suspense fallback={<PageLoading />}>
          <NotFoundRoute />
        </Suspense>
      </Route>
    </Switch>
  );
}
