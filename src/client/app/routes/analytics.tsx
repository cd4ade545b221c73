import { PageHeader } from '#client/components/page-header.tsx';
import { useAuth } from '#client/features/auth/components/auth-provider.tsx';
import { rangeLabel } from '#client/features/analytics/analytics-range.ts';
import { AnalyticsOverview } from '#client/features/analytics/components/analytics-overview.tsx';
import { RangeSelect } from '#client/features/analytics/components/range-select.tsx';
import { useAnalyticsRange } from '#client/features/analytics/hooks/use-analytics-range.ts';
import { usePageTitle } from '../use-page-title.ts';

export function AnalyticsRoute() {
  usePageTitle('Analytics');
  const { range, query, setRange } = useAnalyticsRange();
  const { user } = useAuth();
  return (
    <div className="grid gap-6">
      <PageHeader
        title="Analytics"
        description="Analyze your trading discipline and performance"
        actions={<RangeSelect value={range} onChange={setRange} />}
      />
      <AnalyticsOverview
        query={query}
        rangeLabel={rangeLabel(range)}
        moneySettings={user?.preferences.results}
      />
    </div>
  );
}
