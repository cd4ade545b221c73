import { useState, type ReactNode } from 'react';
import { Redirect } from 'wouter';
import { PageLoading } from '#client/components/page-loading.tsx';
import { TryAgainButton } from '#client/components/try-again-button.tsx';
import { paths } from '#client/lib/paths.ts';
import { currentPath, loginHistoryState } from '#client/lib/return-path.ts';
import { useAuth } from './auth-provider.tsx';

type ProtectedRouteProps = {
  children: ReactNode;
  /** Only administrators may see it; the server refuses the data to anyone else too. */
  requireAdmin?: boolean;
  /**
   * What a logged-in trader who is not an administrator sees instead; `replacedPage` when it
   * takes the place of the page shown (the login's rights were taken meanwhile).
   */
  notAllowed?: (replacedPage: boolean) => ReactNode;
};

/** A visitor who is not logged in goes to the login screen, and comes back here afterwards. */
export function ProtectedRoute({
  children,
  requireAdmin = false,
  notAllowed,
}: ProtectedRouteProps) {
  const { isLoading, isAuthenticated, isAdmin, unknownLogin } = useAuth();
  const isAllowed = isAuthenticated && (!requireAdmin || isAdmin);
  // Whether the page has been shown: noted as it renders (React's way of adjusting state).
  const [hasShownPage, setHasShownPage] = useState(false);
  if (isAllowed && !hasShownPage) setHasShownPage(true);

  if (isLoading) return <PageLoading />;
  if (unknownLogin) {
    // Opened without a connection (the installed app) or while the server restarts. Asked
    // again with Try again, and by the query client when the connection or the window's focus
    // comes back.
    return (
      <div
        role="alert"
        className="mx-auto grid max-w-md justify-items-center gap-4 py-16 text-center"
      >
        <h1 className="text-2xl font-semibold tracking-tight">The server could not be reached</h1>
        <p className="text-muted-foreground">
          Check your connection. The page is shown as soon as the server answers.
        </p>
        <TryAgainButton retry={unknownLogin} />
      </div>
    );
  }
  if (!isAuthenticated) {
    return <Redirect to={paths.login} replace state={loginHistoryState(currentPath())} />;
  }
  if (!isAllowed) return notAllowed?.(hasShownPage) ?? null;
  return children;
}
