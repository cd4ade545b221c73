import { ComingSoon } from '#client/components/coming-soon.tsx';
import { PageHeader } from '#client/components/page-header.tsx';
import { usePageTitle } from '../use-page-title.ts';

export function SettingsRoute() {
  usePageTitle('Settings');
  return (
    <div className="grid gap-6">
      <PageHeader title="Settings" description="Manage your account and preferences" />
      <ComingSoon />
    </div>
  );
}
