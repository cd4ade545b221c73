import { PageHeader } from '#client/components/page-header.tsx';
import { rangeLabel } from '#client/features/analytics/analytics-range.ts';
import { AnalyticsOverview } from '#client/features/analytics/components/analytics-overview.tsx';
import { DisciplineCalendarCard } from '#client/features/discipline/components/discipline-calendar-card.tsx';
import { StreaksCard } from '#client/features/discipline/components/streaks-card.tsx';
import { RangeSelect } from '#client/features/analytics/components/range-select.tsx';
import { useAnalyticsRange } from '#client/features/analytics/hooks/use-analytics-range.ts';
import { usePageTitle } from '../use-page-title.ts';

export function AnalyticsRoute() {
  usePageTitle('Analytics');
  const { range, query, setRange } = useAnalyticsRange();
  return (
    <div className="grid gap-6">
      <PageHeader
        title="Analytics"
        description="Analyze your trading discipline and performance"
        actions={<RangeSelect value={range} onChange={setRange} />}
      />
      <AnalyticsOverview query={query} rangeLabel={rangeLabel(range)} />
      {/* Over all history and the last 12 months, whatever the range above. */}
      <DisciplineCalendarCard className="min-w-0" />
      <StreaksCard className="min-w-0" />
    </div>
  );
}
