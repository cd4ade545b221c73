import { Flame } from 'lucide-react';
import type { Streaks } from '#shared/schemas/discipline.ts';
import { CardMessage, DashboardCard, ViewAllLink } from '#client/components/dashboard-card.tsx';
import { TitledCard } from '#client/components/titled-card.tsx';
import { Skeleton } from '#client/components/ui/skeleton.tsx';
import { paths } from '#client/lib/paths.ts';
import { cn } from '#client/lib/utils.ts';
import { useStreaks } from '../api/get-discipline.ts';

const sessions = (count: number) => (count === 1 ? '1 session' : `${count} sessions`);

/** The dashboard's 'Streaks': the runs, and the few rules with the longest current runs. */
export function DashboardStreaksCard() {
  return (
    <DashboardCard
      title="Streaks"
      footer={<ViewAllLink href={paths.analytics}>View All Streaks</ViewAllLink>}
    >
      <StreaksContent ruleLimit={3} />
    </DashboardCard>
  );
}

/** The analytics page's 'Streaks': the runs and every rule's current run, in rule order. */
export function StreaksCard({ className }: { className?: string }) {
  return (
    <TitledCard title="Streaks" className={className}>
      <StreaksContent isWide />
    </TitledCard>
  );
}

/**
 * While the streaks are read, the card is already laid out as they will show it: its words,
 * the four tiles and the rules' heading as they are, a placeholder for each figure and for
 * three rules' rows. A smaller placeholder moved everything under the card (the rules list and
 * its Add Rule button) down by 130–330 px as the streaks came.
 */
function StreaksContent({ ruleLimit, isWide = false }: { ruleLimit?: number; isWide?: boolean }) {
  const query = useStreaks();
  const { data, isPending, isLoadingError } = query;
  if (isLoadingError) {
    return (
      <CardMessage isError retry={query}>
        Your streaks could not be loaded.
      </CardMessage>
    );
  }
  return (
    <div
      className={cn('grid gap-5', isWide && 'md:grid-cols-2 md:gap-8')}
      aria-busy={isPending || undefined}
    >
      {isPending ? <span role="status" aria-label="Loading streaks" className="sr-only" /> : null}
      <div className="grid content-start gap-5">
        <p className="text-muted-foreground text-sm">
          Sessions in a row; days without sessions break nothing.
        </p>
        <dl className="grid grid-cols-2 gap-3">
          <Run label="at 100%" run={data?.perfect} />
          <Run label="at 90% or more" run={data?.excellent} />
        </dl>
      </div>
      <RuleRuns rules={data?.rules} limit={ruleLimit} />
    </div>
  );
}

/** A run's figure, or its placeholder (the height of its line) while it is read. */
function RunFigure({ count }: { count: number | undefined }) {
  return count === undefined ? <Skeleton className="h-7 w-24" /> : sessions(count);
}

function Run({ label, run }: { label: string; run: Streaks['perfect'] | undefined }) {
  return (
    <>
      <div className="bg-muted/50 grid gap-1 rounded-lg border p-3">
        <dt className="text-muted-foreground text-xs font-medium">Current {label}</dt>
        <dd className="flex items-center gap-1.5 text-lg font-semibold tabular-nums">
          {run && run.current > 0 ? (
            <Flame aria-hidden="true" className="size-4 text-amber-600 dark:text-amber-400" />
          ) : null}
          <RunFigure count={run?.current} />
        </dd>
      </div>
      <div className="grid gap-1 rounded-lg border p-3">
        <dt className="text-muted-foreground text-xs font-medium">Longest {label}</dt>
        <dd className="text-lg font-semibold tabular-nums">
          <RunFigure count={run?.longest} />
        </dd>
      </div>
    </>
  );
}

/** Three rows stand for the rules while they are read: the dashboard shows three. */
const PLACEHOLDER_ROWS = 3;

function RuleRuns({
  rules,
  limit,
}: {
  rules: Streaks['rules'] | undefined;
  limit?: number | undefined;
}) {
  if (rules?.length === 0) return <CardMessage>Add rules to follow their streaks.</CardMessage>;
  // The dashboard shows the longest current runs; analytics every rule in the trader's order.
  const shown =
    rules === undefined || limit === undefined
      ? rules
      : [...rules].sort((a, b) => b.current - a.current).slice(0, limit);
  const row = 'flex items-start justify-between gap-3 py-2 text-sm first:pt-0';
  return (
    <div className="grid content-start gap-2">
      <h3 className="text-sm font-semibold">
        {limit === undefined ? 'Current run per rule' : 'Longest current runs'}
      </h3>
      {shown ? (
        <ul aria-label="Current run per rule" className="divide-y">
          {shown.map((rule) => (
            <li key={rule.ruleId} className={row}>
              <span className="min-w-0 wrap-anywhere">{rule.description}</span>
              <span className="shrink-0 font-medium tabular-nums">{sessions(rule.current)}</span>
            </li>
          ))}
        </ul>
      ) : (
        <div className="divide-y">
          {Array.from({ length: PLACEHOLDER_ROWS }, (_, index) => (
            <div key={index} className={row}>
              <Skeleton className="h-5 w-1/2" />
              <Skeleton className="h-5 w-20" />
            </div>
          ))}
        </div>
      )}
    </div>
  );
}
