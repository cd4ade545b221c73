import { createContext, use, useMemo, type ReactNode } from 'react';
import type { User } from '#shared/schemas/auth.ts';
import { useAuthSession } from '../api/get-auth-session.ts';

type AuthState = {
  /** The logged-in user, or null. */
  user: User | null;
  isAuthenticated: boolean;
  isAdmin: boolean;
  /** True until the first answer about the login (or a failure) arrives. */
  isLoading: boolean;
};

const AuthContext = createContext<AuthState | null>(null);

/** Derives the authentication state from the login query; a failed request means logged out. */
export function AuthProvider({ children }: { children: ReactNode }) {
  const { data, isPending, isError } = useAuthSession();

  const value = useMemo<AuthState>(() => {
    const user = !isError && data?.authenticated ? data.user : null;
    return {
      user,
      isAuthenticated: user !== null,
      isAdmin: user?.isAdmin ?? false,
      isLoading: isPending,
    };
  }, [data, isPending, isError]);

  return <AuthContext value={value}>{children}</AuthContext>;
}

export function useAuth(): AuthState {
  const context = use(AuthContext);
  if (!context) throw new Error('useAuth must be used within an AuthProvider');
  return context;
}
