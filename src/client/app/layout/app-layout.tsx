import { Suspense, useEffect, useRef, type ReactNode } from 'react';
import { useLocation } from 'wouter';
import { PageLoading } from '#client/components/page-loading.tsx';
import { focusMainContent, notePageChange } from '#client/components/ui/use-return-focus.ts';
import { useAppInfo } from '#client/features/app-info/api/get-app-info.ts';
import { useAuth } from '#client/features/auth/components/auth-provider.tsx';
import { loadCode } from '#client/lib/missing-code.ts';
import { preloadable } from '#client/lib/preloadable.ts';
import { Footer } from './footer.tsx';

// The shell's menus and drawer are code a visitor on the login screen does not need yet.
const authenticatedLayout = preloadable(() =>
  loadCode(() => import('./authenticated-layout.tsx')).then((module) => module.AuthenticatedLayout),
);
const AuthenticatedLayout = authenticatedLayout.Component;

/** Starts loading the logged-in shell before the login check answers (see preloadScreenAt). */
export function preloadAuthenticatedLayout() {
  // A failed load is the layout's to report, when it renders.
  authenticatedLayout.preload().catch(() => undefined);
}

/** The sidebar renders only when logged in; every page has main content and a footer. */
export function AppLayout({ children }: { children: ReactNode }) {
  const { user } = useAuth();
  const { appInfo } = useAppInfo();

  if (user) {
    return (
      <Suspense fallback={<PageLoading />}>
        <AuthenticatedLayout user={user} appInfo={appInfo}>
          {children}
        </AuthenticatedLayout>
      </Suspense>
    );
  }

  return (
    <div className="bg-muted/40 flex min-h-dvh flex-col">
      <GuestPageStart />
      <main id="main-content" tabIndex={-1} className="flex flex-1 flex-col outline-none">
        {children}
      </main>
      <Footer company={appInfo.company} />
    </div>
  );
}

/**
 * A logged-out page reached from another ('Sign up' from the login screen, and back) starts
 * with focus at its content, as a logged-in page does (NewPageStart, in the logged-in shell's
 * code): the link that held focus went with the last page, and focus fell to the body. Only
 * focus that fell, a frame later: the login screen after a signup puts it on the password
 * field itself, from an effect.
 */
function GuestPageStart() {
  const [pathname] = useLocation();
  const shown = useRef(pathname);
  useEffect(() => {
    if (shown.current === pathname) return;
    shown.current = pathname;
    notePageChange();
    const frame = requestAnimationFrame(() => {
      const focused = document.activeElement;
      if (!focused || focused === document.body) focusMainContent();
    });
    return () => cancelAnimationFrame(frame);
  }, [pathname]);
  return null;
}
