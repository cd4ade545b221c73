import type { ReactNode } from 'react';
import { Redirect } from 'wouter';
import { PageLoading } from '#client/components/page-loading.tsx';
import { paths } from '#client/lib/paths.ts';
import { useAuth } from './auth-provider.tsx';

/** For the login and signup screens: a visitor who is already logged in goes to the dashboard. */
export function GuestRoute({ children }: { children: ReactNode }) {
  const { isLoading, isAuthenticated } = useAuth();

  if (isLoading) return <PageLoading />;
  if (isAuthenticated) return <Redirect to={paths.dashboard} replace />;
  return children;
}
