import { TitledCard } from '#client/components/titled-card.tsx';
import { useShownValue } from '#client/lib/use-shown-value.ts';
import { Skeleton } from '#client/components/ui/skeleton.tsx';
import { AnalyticsContent, type AnalyticsCardProps } from './analytics-content.tsx';
import type { Analytics } from '#shared/schemas/analytics.ts';
import { formatSessionCount } from '../chart-summaries.ts';
import { useFiguresWords } from '../whose-figures.ts';
import { ComplianceGauge } from './compliance-gauge.tsx';

type OverallComplianceGaugeCardProps = AnalyticsCardProps & { rangeLabel: string };

/** The analytics page's 'Overall Compliance': the rating of the chosen range as a gauge. */
export function OverallComplianceGaugeCard({
  result,
  rangeLabel,
  className,
}: OverallComplianceGaugeCardProps) {
  const words = useFiguresWords();
  // While another range is read, the figures shown are still the last range's: so is the name.
  const shownRange = useShownValue(rangeLabel, result.isPlaceholderData);
  return (
    <TitledCard title="Overall Compliance" className={className}>
      <AnalyticsContent
        result={result}
        loading={
          <div
            role="status"
            aria-label="Loading overall compliance"
            className="grid justify-items-center gap-3"
          >
            <Skeleton shape="round" className="size-40" />
            <Skeleton className="h-4 w-48" />
          </div>
        }
      >
        {(analytics) => (
          <div className="grid justify-items-center gap-3 text-center">
            <ComplianceGauge rating={analytics.overallCompliance} label="Overall compliance" />
            <p className="text-muted-foreground text-sm">{words.rating}</p>
            <p className="text-sm">{rangeSummary(analytics, shownRange)}</p>
          </div>
        )}
      </AnalyticsContent>
    </TitledCard>
  );
}

/**
 * The range's counts under the gauge. The rules followed count checklist items; sessions
 * recorded without rules have none, so whether there were sessions is the monthly trends'
 * count (the same range as the gauge's: the page always sends one).
 */
function rangeSummary(analytics: Analytics, rangeLabel: string): string {
  if (analytics.totalCount > 0) {
    return `${rangeLabel}: ${analytics.followedCount} of ${analytics.totalCount} rules followed`;
  }
  const sessions = analytics.monthlyTrends.reduce((sum, month) => sum + month.totalSessions, 0);
  return sessions === 0
    ? `${rangeLabel}: no sessions recorded.`
    : `${rangeLabel}: ${formatSessionCount(sessions)} recorded, with no rules to follow.`;
}
