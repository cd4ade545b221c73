import { Suspense, type ReactNode } from 'react';
import { PageLoading } from '#client/components/page-loading.tsx';
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
      <main className="flex flex-1 flex-col">{children}</main>
      <Footer company={appInfo.company} />
    </div>
  );
}
