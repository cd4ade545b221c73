import { CardMessage, DashboardCard, ViewAllLink } from '#client/components/dashboard-card.tsx';
import { Skeleton } from '#client/components/ui/skeleton.tsx';
import { paths } from '#client/lib/paths.ts';
import { useDashboardAnalytics } from '../api/get-analytics.ts';
import { RuleProgress } from './rule-progress.tsx';

/** The dashboard shows the best kept rules; the analytics page has them all. */
const TOP_RULES_SHOWN = 4;

/** The dashboard's 'Rule Compliance': the top 4 rules by compliance rate, over all history. */
export function RuleComplianceCard() {
  return (
    <DashboardCard
      title="Rule Compliance"
      footer={<ViewAllLink href={paths.analytics}>View All Rules</ViewAllLink>}
    >
      <RuleComplianceContent />
    </DashboardCard>
  );
}

function RuleComplianceContent() {
  const query = useDashboardAnalytics();
  const { data, isPending, isLoadingError } = query;
  if (isPending) {
    return (
      <div role="status" aria-label="Loading rule compliance" className="grid gap-4">
        {Array.from({ length: TOP_RULES_SHOWN }, (_, row) => (
          <Skeleton key={row} className="h-10" />
        ))}
      </div>
    );
  }
  if (isLoadingError)
    return (
      <CardMessage isError retry={query}>
        Your compliance figures could not be loaded.
      </CardMessage>
    );
  // The API sends the rules highest rate first.
  const rules = data.ruleCompliance.slice(0, TOP_RULES_SHOWN);
  if (rules.length === 0) return <CardMessage>No rule compliance data available yet.</CardMessage>;
  return (
    <ul aria-label="Top rules by compliance" className="grid gap-4">
      {rules.map((rule) => (
        <RuleProgress key={rule.ruleId} rule={rule} />
      ))}
    </ul>
  );
}
