import { Suspense, type ComponentType, type ReactNode } from 'react';
import { Route, Switch } from 'wouter';
import { PageLoading } from '#client/components/page-loading.tsx';
import { GuestRoute } from '#client/features/auth/components/guest-route.tsx';
import { ProtectedRoute } from '#client/features/auth/components/protected-route.tsx';
import { loadCode } from '#client/lib/missing-code.ts';
import { paths } from '#client/lib/paths.ts';
import { preloadable, type Preloadable } from '#client/lib/preloadable.ts';
import { matchesRoute } from '#shared/route-pattern.ts';
import { preloadAuthenticatedLayout } from './layout/app-layout.tsx';
import { NotAllowed } from './not-allowed.tsx';
import { LoginRoute } from './routes/login.tsx';
import { lazyScreens, screenComponentName, type LazyScreen } from './screens.ts';

/**
 * Every screen but the login loads on demand: the login screen stays small (its JavaScript
 * budget is 100 kB gzip, e2e/js-budget.spec.ts). `import.meta.glob` gives each module under
 * routes/ its own loader, and so its own chunk.
 */
const routeModules = import.meta.glob<Record<string, ComponentType>>([
  './routes/*.tsx',
  '!./routes/login.tsx',
]);

function screenIn(module: string) {
  const load = routeModules[`./routes/${module}.tsx`];
  if (!load) throw new Error(`No screen module routes/${module}.tsx`);
  const name = screenComponentName(module);
  return preloadable(async () => {
    const component = (await loadCode(load))[name];
    if (!component) throw new Error(`routes/${module}.tsx exports no ${name}`);
    return component;
  });
}

const screens = Object.fromEntries(
  Object.entries(lazyScreens).map(([name, { module }]) => [name, screenIn(module)]),
) as Record<LazyScreen, Preloadable<object>>;

const SignupRoute = screens.signup.Component;
const DashboardRoute = screens.dashboard.Component;
const RulesRoute = screens.rules.Component;
const HistoryRoute = screens.history.Component;
const SessionDetailsRoute = screens.sessionDetails.Component;
const AnalyticsRoute = screens.analytics.Component;
const SettingsRoute = screens.settings.Component;
const AdminRoute = screens.admin.Component;
const TeamRoute = screens.team.Component;
const TeamTraderRoute = screens.teamTrader.Component;
const NotFoundRoute = screenIn('not-found').Component;

/**
 * Starts loading the code of the screen at `pathname`, if it has one of its own, and of the
 * logged-in shell around it. Called once as the app starts: that code then downloads beside the
 * login check instead of after it, one round trip less before a returning trader sees the page
 * (on a phone's network, most of the time to the first screen). A visitor who turns out to be
 * logged out has fetched a screen they will not see yet; the login page itself preloads nothing.
 * A screen whose code has arrived by then renders with the shell in one go, without a fallback.
 * (For a page request that carries a login, the server has already named these files to the
 * browser, which is then fetching them: this finds them on their way.)
 */
export function preloadScreenAt(pathname: string) {
  const screen = (Object.keys(lazyScreens) as LazyScreen[]).find((name) =>
    matchesRoute(lazyScreens[name].path, pathname),
  );
  if (!screen) return;
  // A failed load is the screen's to report, when it renders.
  screens[screen].preload().catch(() => undefined);
  if (lazyScreens[screen].behindLogin) preloadAuthenticatedLayout();
}

function Protected({ children, requireAdmin }: { children: ReactNode; requireAdmin?: boolean }) {
  return (
    <ProtectedRoute
      requireAdmin={requireAdmin}
      notAllowed={(replacedPage) => <NotAllowed replacedPage={replacedPage} />}
    >
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
