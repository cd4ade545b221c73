import type { AnalyticsQueryInput } from '#shared/schemas/analytics.ts';
import { useAnalytics } from '../api/get-analytics.ts';
import { DisciplinePaysCard } from './discipline-pays-card.tsx';
import { MonthlyTrendsCard } from './monthly-trends-card.tsx';
import { OverallComplianceGaugeCard } from './overall-compliance-gauge-card.tsx';
import { RuleAnalysisCard } from './rule-analysis-card.tsx';
import { RuleDetailsCard } from './rule-details-card.tsx';

type AnalyticsOverviewProps = {
  query: AnalyticsQueryInput;
  rangeLabel: string;
};

/**
 * The analytics page's cards, all over the same range: one request feeds the four compliance
 * cards, another 'Does discipline pay?'.
 */
export function AnalyticsOverview({ query, rangeLabel }: AnalyticsOverviewProps) {
  const result = useAnalytics(query);
  return (
    <div className="grid grid-cols-1 gap-6 xl:grid-cols-3">
      <OverallComplianceGaugeCard result={result} rangeLabel={rangeLabel} />
      <RuleAnalysisCard result={result} className="min-w-0 xl:col-span-2" />
      <MonthlyTrendsCard result={result} className="min-w-0 xl:col-span-3" />
      <RuleDetailsCard result={result} className="min-w-0 xl:col-span-3" />
      <DisciplinePaysCard query={query} rangeLabel={rangeLabel} className="min-w-0 xl:col-span-3" />
    </div>
  );
}
