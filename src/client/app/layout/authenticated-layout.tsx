import { useEffect, type ReactNode } from 'react';
import type { AppInfo, User } from '#shared/schemas/auth.ts';
import { ResultPreferencesProvider } from '#client/components/result-preferences.tsx';
import { keepKeyboardFocusClearOfStickyTop } from '#client/lib/focus-clear-of-sticky-top.ts';
import { useMediaQuery } from '#client/lib/use-media-query.ts';
import { SessionReminders } from '../session-reminders.tsx';
import { UnsavedChangesGuard } from '../unsaved-changes-guard.tsx';
import { Footer } from './footer.tsx';
import { MobileHeader } from './mobile-header.tsx';
import { NewPageStart } from './new-page-start.tsx';
import { SidebarContent } from './sidebar-content.tsx';

type AuthenticatedLayoutProps = { user: User; appInfo: AppInfo; children: ReactNode };

/** Tailwind's `md`, where the sidebar takes the place of the top bar and its drawer. */
const WIDE_SCREEN = '(min-width: 48rem)';

/**
 * Sidebar (16rem from md up, a drawer on phones), main content and footer. Only the navigation
 * the window's width calls for is built: hidden with CSS, the other one was rendered all the
 * same, in the render that stands between the login check and the first screen.
 */
export function AuthenticatedLayout({ user, appInfo, children }: AuthenticatedLayoutProps) {
  const isWide = useMediaQuery(WIDE_SCREEN);
  useEffect(keepKeyboardFocusClearOfStickyTop, []);
  return (
    <div className="min-h-dvh">
      <a
        href="#main-content"
        className="bg-background focus-visible:ring-ring sr-only z-50 rounded-md px-4 py-2 font-medium focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus-visible:ring-2"
      >
        Skip to main content
      </a>
      {isWide ? (
        <aside className="bg-sidebar text-sidebar-foreground border-sidebar-border fixed inset-y-0 left-0 z-30 w-64 border-r">
          <SidebarContent user={user} appInfo={appInfo} />
        </aside>
      ) : null}
      <NewPageStart />
      <SessionReminders user={user} />
      <UnsavedChangesGuard />
      <div className="flex min-h-dvh flex-col md:pl-64">
        {isWide ? null : <MobileHeader user={user} appInfo={appInfo} />}
        <main id="main-content" tabIndex={-1} className="flex flex-1 flex-col outline-none">
          <div className="mx-auto flex w-full max-w-7xl flex-1 flex-col px-4 py-6 sm:px-6 lg:px-8 lg:py-8">
            <ResultPreferencesProvider value={user.preferences.results}>
              {children}
            </ResultPreferencesProvider>
          </div>
        </main>
        <Footer company={appInfo.company} />
      </div>
    </div>
  );
}
