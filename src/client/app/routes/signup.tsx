import { Link, useLocation } from 'wouter';
import { useAppInfo } from '#client/features/app-info/api/get-app-info.ts';
import { AuthCard } from '#client/features/auth/components/auth-card.tsx';
import { SignupForm } from '#client/features/auth/components/signup-form.tsx';
import { paths } from '#client/lib/paths.ts';
import { usePageTitle } from '../use-page-title.ts';

function LoginLink({ question }: { question: string }) {
  return (
    <p>
      {question}{' '}
      <Link
        href={paths.login}
        className="text-primary font-medium underline-offset-4 hover:underline"
      >
        Log in
      </Link>
    </p>
  );
}

export function SignupRoute() {
  const { appInfo } = useAppInfo();
  const [, navigate] = useLocation();
  usePageTitle('Sign up');

  if (!appInfo.isSignupOpen) {
    return (
      <AuthCard
        title="Sign-up is closed"
        description={`Accounts for ${appInfo.name} are created by an administrator. Please ask your administrator for one.`}
        footer={<LoginLink question="Already have an account?" />}
      />
    );
  }

  return (
    <AuthCard
      title="Create an account"
      description={`Sign up to start tracking your trading discipline with ${appInfo.name}`}
      footer={<LoginLink question="Already have an account?" />}
    >
      <SignupForm
        onSuccess={(username) => navigate(paths.login, { state: { signedUpAs: username } })}
      />
    </AuthCard>
  );
}
