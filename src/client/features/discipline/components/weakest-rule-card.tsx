import { ListChecks, ShieldCheck } from 'lucide-react';
import { ComplianceRating } from '#client/components/compliance-rating.tsx';
import { CardMessage, DashboardCard, ViewAllLink } from '#client/components/dashboard-card.tsx';
import { EmptyState } from '#client/components/empty-state.tsx';
import { Skeleton } from '#client/components/ui/skeleton.tsx';
import { getRecentAnalyticsHref } from '#client/lib/paths.ts';
import { useWeakestRule } from '../api/get-discipline.ts';

/**
 * The dashboard's 'Weakest Rule': the rule broken most often in the last 30 days. With none, the
 * answer says why, from the same items: an empty month and one whose broken rules were all
 * deleted since are told from a clean one, and 'Keep it that way' is said of a clean month only.
 */
export function WeakestRuleCard() {
  const query = useWeakestRule();
  const { data, isPending, isLoadingError } = query;
  const rule = data?.weakestRule;
  const whyNone = data?.whyNoWeakestRule;
  return (
    <DashboardCard
      title="Weakest Rule"
      footer={
        rule ? (
          <ViewAllLink href={getRecentAnalyticsHref(rule.ruleId)}>View in Analytics</ViewAllLink>
        ) : isPending ? (
          // The link's line, held while it may come (as the lines below, so nothing moves).
          <Skeleton className="my-2 h-5 w-36" />
        ) : null
      }
    >
      {isLoadingError ? (
        <CardMessage isError retry={query}>
          Your weakest rule could not be loaded.
        </CardMessage>
      ) : isPending ? (
        // The rule's lines as they will show: the words, the rule, the rating, the count.
        <div role="status" aria-label="Loading weakest rule" className="grid gap-3">
          <Skeleton className="h-5 w-4/5" />
          <Skeleton className="h-7 w-3/5" />
          <Skeleton className="h-6 w-32" />
          <Skeleton className="h-5 w-40" />
        </div>
      ) : whyNone === 'nothing-checked' ? (
        <EmptyState icon={<ListChecks className="size-6" />}>
          <p className="text-sm font-medium">No rules checked in the last 30 days.</p>
          <p className="text-muted-foreground text-sm">
            Record your sessions against your rules to see which one you break most.
          </p>
        </EmptyState>
      ) : whyNone === 'only-deleted-broken' ? (
        <EmptyState icon={<ListChecks className="size-6" />}>
          <p className="text-sm font-medium">
            Only rules you have deleted since were broken in the last 30 days.
          </p>
          <p className="text-muted-foreground text-sm">Your current rules were all followed.</p>
        </EmptyState>
      ) : !rule ? (
        <EmptyState icon={<ShieldCheck className="size-6" />}>
          <p className="text-sm font-medium">No rule broken in the last 30 days.</p>
          <p className="text-muted-foreground text-sm">Keep it that way.</p>
        </EmptyState>
      ) : (
        <div className="grid gap-3">
          <p className="text-muted-foreground text-sm">
            The rule you broke most often in the last 30 days
          </p>
          <p className="text-lg font-semibold wrap-anywhere">{rule.description}</p>
          <p className="flex items-baseline gap-2">
            <span className="text-sm font-medium">Followed</span>{' '}
            <ComplianceRating rating={rule.complianceRate} />
          </p>
          <p className="text-sm">
            {`Broken in ${rule.brokenCount} of ${rule.totalCount} ${
              rule.totalCount === 1 ? 'session' : 'sessions'
            }`}
          </p>
        </div>
      )}
    </DashboardCard>
  );
}
