import { createContext, use, useMemo, type ReactNode } from 'react';
import type { User } from '#shared/schemas/auth.ts';
import type { Retry } from '#client/components/try-again-button.tsx';
import { useAuthSession } from '../api/get-auth-session.ts';

type AuthState = {
  /** The logged-in user, or null. */
  user: User | null;
  isAuthenticated: boolean;
  isAdmin: boolean;
  /** True until the first answer about the login (or a failure) arrives. */
  isLoading: boolean;
  /**
   * The first ask failed (no connection, the server restarting): whether anyone is logged in
   * is not known, and this asks again. Null once an answer came.
   */
  unknownLogin: Retry | null;
};

const AuthContext = createContext<AuthState | null>(null);

/**
 * Derives the authentication state from the login query's last answer. A first ask that fails
 * leaves the login unknown (the logged-in screens say the server could not be reached and ask
 * again, rather than send a trader whose login is fine to the login screen); a later one (asked
 * again on focus) that fails leaves the answer as it was: a dropped connection or a server's
 * bad moment does not end a login (an ended one answers "logged out").
 */
export function AuthProvider({ children }: { children: ReactNode }) {
  const { data, isPending, isLoadingError, refetch, isFetching } = useAuthSession();

  const value = useMemo<AuthState>(() => {
    const user = data?.authenticated ? data.user : null;
    return {
      user,
      isAuthenticated: user !== null,
      isAdmin: user?.isAdmin ?? false,
      isLoading: isPending,
      unknownLogin: isLoadingError ? { refetch, isFetching } : null,
    };
  }, [data, isPending, isLoadingError, refetch, isFetching]);

  return <AuthContext value={value}>{children}</AuthContext>;
}

export function useAuth(): AuthState {
  const context = use(AuthContext);
  if (!context) throw new Error('useAuth must be used within an AuthProvider');
  return context;
}
