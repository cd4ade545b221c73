import { ComingSoon } from '#client/components/coming-soon.tsx';
import { useAuth } from '#client/features/auth/components/auth-provider.tsx';
import { usePageTitle } from '../use-page-title.ts';

export function DashboardRoute() {
  const { user } = useAuth();
  usePageTitle('Dashboard');
  const name = user?.fullName.trim() || user?.username || 'Trader';

  return (
    <div className="grid gap-6">
      <div>
        {user?.companyName ? (
          <p className="text-primary text-sm font-semibold">{user.companyName}</p>
        ) : null}
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{name} Trading Dashboard</h1>
      </div>
      <ComingSoon />
    </div>
  );
}
