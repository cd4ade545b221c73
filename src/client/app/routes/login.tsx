import { Link, useLocation } from 'wouter';
import { useAppInfo } from '#client/features/app-info/api/get-app-info.ts';
import { AuthCard } from '#client/features/auth/components/auth-card.tsx';
import { LoginForm } from '#client/features/auth/components/login-form.tsx';
import { paths } from '#client/lib/paths.ts';
import { useReturnPath } from '#client/lib/return-path.ts';
import { usePageTitle } from '../use-page-title.ts';

/** The username of the account just created on the signup screen, which sent the visitor here. */
function signedUpAs(): string | undefined {
  const state: unknown = window.history.state;
  if (typeof state !== 'object' || state === null || !('signedUpAs' in state)) return undefined;
  return typeof state.signedUpAs === 'string' ? state.signedUpAs : undefined;
}

export function LoginRoute() {
  const { appInfo } = useAppInfo();
  const [, navigate] = useLocation();
  // The page that sent the visitor here (an expired login, a bookmarked page), or the dashboard.
  const returnPath = useReturnPath();
  usePageTitle('Login');

  return (
    <AuthCard
      title={`Login to ${appInfo.name}`}
      description="Enter your credentials to access your account"
      footer={
        appInfo.isSignupOpen ? (
          <p>
            Don&apos;t have an account?{' '}
            <Link
              href={paths.signup}
              className="text-primary font-medium underline-offset-4 hover:underline"
            >
              Sign up
            </Link>
          </p>
        ) : null
      }
    >
      <LoginForm
        newUsername={signedUpAs()}
        onSuccess={() => navigate(returnPath, { replace: true })}
      />
    </AuthCard>
  );
}
