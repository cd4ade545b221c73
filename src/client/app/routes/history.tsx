import { ComingSoon } from '#client/components/coming-soon.tsx';
import { PageHeader } from '#client/components/page-header.tsx';
import { usePageTitle } from '../use-page-title.ts';

export function HistoryRoute() {
  usePageTitle('Session History');
  return (
    <div className="grid gap-6">
      <PageHeader title="Session History" description="Review your past trading sessions" />
      <ComingSoon />
    </div>
  );
}
