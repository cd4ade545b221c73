import type { ReactNode } from 'react';
import { Redirect } from 'wouter';
import { PageLoading } from '#client/components/page-loading.tsx';
import { useReturnPath } from '#client/lib/return-path.ts';
import { useAuth } from './auth-provider.tsx';

/**
 * For the login and signup screens: a visitor who is already logged in goes on to the page they
 * had asked for, or to the dashboard.
 */
export function GuestRoute({ children }: { children: ReactNode }) {
  const { isLoading, isAuthenticated } = useAuth();
  const returnPath = useReturnPath();

  if (isLoading) return <PageLoading />;
  if (isAuthenticated) return <Redirect to={returnPath} replace />;
  return children;
}
