import { lazy, Suspense, type ReactNode } from 'react';
import { Route, Switch } from 'wouter';
import { PageLoading } from '#client/components/page-loading.tsx';
import { GuestRoute } from '#client/features/auth/components/guest-route.tsx';
import { ProtectedRoute } from '#client/features/auth/components/protected-route.tsx';
import { paths } from '#client/lib/paths.ts';
import { LoginRoute } from './routes/login.tsx';

// Every screen but the login loads on demand: the login screen stays small (its JavaScript
// budget is 100 kB gzip, e2e/js-budget.spec.ts).
const SignupRoute = lazy(() =>
  import('./routes/signup.tsx').then((m) => ({ default: m.SignupRoute })),
);
const NotFoundRoute = lazy(() =>
  import('./routes/not-found.tsx').then((m) => ({ default: m.NotFoundRoute })),
);
const DashboardRoute = lazy(() =>
  import('./routes/dashboard.tsx').then((m) => ({ default: m.DashboardRoute })),
);
const RulesRoute = lazy(() =>
  import('./routes/rules.tsx').then((m) => ({ default: m.RulesRoute })),
);
const HistoryRoute = lazy(() =>
  import('./routes/history.tsx').then((m) => ({ default: m.HistoryRoute })),
);
const SessionDetailsRoute = lazy(() =>
  import('./routes/session-details.tsx').then((m) => ({ default: m.SessionDetailsRoute })),
);
const AnalyticsRoute = lazy(() =>
  import('./routes/analytics.tsx').then((m) => ({ default: m.AnalyticsRoute })),
);
const SettingsRoute = lazy(() =>
  import('./routes/settings.tsx').then((m) => ({ default: m.SettingsRoute })),
);
const AdminRoute = lazy(() =>
  import('./routes/admin.tsx').then((m) => ({ default: m.AdminRoute })),
);

const TeamRoute = lazy(() => import('./routes/team.tsx').then((m) => ({ default: m.TeamRoute })));
const TeamTraderRoute = lazy(() =>
  import('./routes/team-trader.tsx').then((m) => ({ default: m.TeamTraderRoute })),
);

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
