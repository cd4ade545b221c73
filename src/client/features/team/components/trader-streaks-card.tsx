import type { Streaks } from '#shared/schemas/discipline.ts';
import { CardMessage } from '#client/components/dashboard-card.tsx';
import { TitledCard } from '#client/components/titled-card.tsx';
import { Skeleton } from '#client/components/ui/skeleton.tsx';
import type { Retry } from '#client/components/try-again-button.tsx';

function sessions(count: number) {
  return `${count} ${count === 1 ? 'session' : 'sessions'}`;
}

type TraderStreaksCardProps = {
  /** The drill-down's read: its streaks, or its failure and a way to ask again. */
  result: Retry & { data?: { streaks: Streaks } | undefined; isError: boolean };
  className?: string;
};

/** A trader's runs of disciplined sessions, read-only, as the drill-down shows them. */
export function TraderStreaksCard({ result, className }: TraderStreaksCardProps) {
  const streaks = result.data?.streaks;
  return (
    <TitledCard title="Streaks" className={className} contentClassName="grid gap-6">
      {result.isError && !streaks ? (
        <CardMessage isError retry={result}>
          Their streaks could not be loaded.
        </CardMessage>
      ) : !streaks ? (
        <div role="status" aria-label="Loading streaks" className="grid gap-3">
          <Skeleton className="h-16" />
          <Skeleton className="h-24" />
        </div>
      ) : (
        <>
          <dl className="grid grid-cols-2 gap-4 text-sm">
            {(
              [
                ['At 100%', streaks.perfect],
                ['At 90% or more', streaks.excellent],
              ] as const
            ).map(([label, run]) => (
              <div key={label} className="bg-muted/50 grid gap-1 rounded-lg p-3">
                <dt className="text-muted-foreground">{label}</dt>
                <dd className="text-lg font-semibold">
                  {sessions(run.current)}
                  <span className="text-muted-foreground block text-xs font-normal">
                    current; longest {sessions(run.longest)}
                  </span>
                </dd>
              </div>
            ))}
          </dl>
          {streaks.rules.length === 0 ? (
            <CardMessage>No rules yet.</CardMessage>
          ) : (
            <div className="grid gap-2">
              <h3 className="text-sm font-medium">Current run per rule</h3>
              <ul aria-label="Current run per rule" className="divide-border divide-y text-sm">
                {streaks.rules.map((rule) => (
                  <li key={rule.ruleId} className="flex justify-between gap-4 py-2">
                    <span className="min-w-0 wrap-anywhere">{rule.description}</span>
                    <span className="shrink-0 font-medium">{sessions(rule.current)}</span>
                  </li>
                ))}
              </ul>
            </div>
          )}
        </>
      )}
    </TitledCard>
  );
}
