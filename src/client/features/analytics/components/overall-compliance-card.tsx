import { CardMessage, DashboardCard } from '#client/components/dashboard-card.tsx';
import { Skeleton } from '#client/components/ui/skeleton.tsx';
import { useDashboardAnalytics } from '../api/get-analytics.ts';
import { ComplianceBadge } from './compliance-badge.tsx';

/** The dashboard's 'Overall Compliance': the rating of the last 30 days and its counts. */
export function OverallComplianceCard() {
  const query = useDashboardAnalytics();
  const { data, isPending, isLoadingError } = query;
  return (
    <DashboardCard title="Overall Compliance">
      {isLoadingError ? (
        <CardMessage isError retry={query}>
          Your compliance figures could not be loaded.
        </CardMessage>
      ) : (
        <div className="flex h-full flex-col items-center justify-center gap-3 text-center">
          {isPending ? (
            <Skeleton
              role="status"
              aria-label="Loading overall compliance"
              shape="round"
              className="size-28"
            />
          ) : (
            <ComplianceBadge rating={data.overallCompliance} size="large" />
          )}
          <p className="text-muted-foreground text-sm">
            Your discipline rating over the last 30 days
          </p>
          {/* One paragraph, so that it reads as 'Rules Followed 45/60'. */}
          <p className="flex items-baseline gap-2">
            <span className="text-sm font-medium">Rules Followed</span>{' '}
            <span className="text-lg font-semibold tabular-nums">
              {isPending ? '-' : `${data.followedCount}/${data.totalCount}`}
            </span>
          </p>
        </div>
      )}
    </DashboardCard>
  );
}
