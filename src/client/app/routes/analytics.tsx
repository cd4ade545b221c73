import { ComingSoon } from '#client/components/coming-soon.tsx';
import { PageHeader } from '#client/components/page-header.tsx';
import { usePageTitle } from '../use-page-title.ts';

export function AnalyticsRoute() {
  usePageTitle('Analytics');
  return (
    <div className="grid gap-6">
      <PageHeader title="Analytics" description="Analyze your trading discipline and performance" />
      <ComingSoon />
    </div>
  );
}
