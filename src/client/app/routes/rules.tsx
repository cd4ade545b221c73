import { ComingSoon } from '#client/components/coming-soon.tsx';
import { PageHeader } from '#client/components/page-header.tsx';
import { usePageTitle } from '../use-page-title.ts';

export function RulesRoute() {
  usePageTitle('Trading Rules');
  return (
    <div className="grid gap-6">
      <PageHeader title="Trading Rules" description="Manage your trading discipline rules" />
      <ComingSoon />
    </div>
  );
}
