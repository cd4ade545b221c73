import { ComingSoon } from '#client/components/coming-soon.tsx';
import { PageHeader } from '#client/components/page-header.tsx';
import { usePageTitle } from '../use-page-title.ts';

export function AdminRoute() {
  usePageTitle('User Management');
  return (
    <div className="grid gap-6">
      <PageHeader
        title="User Management"
        description="Manage user accounts and access to the trading platform"
      />
      <ComingSoon />
    </div>
  );
}
