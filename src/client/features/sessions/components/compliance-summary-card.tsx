import { complianceBand } from '#shared/compliance.ts';
import type { Session } from '#shared/schemas/sessions.ts';
import { bandFillClass } from '#client/components/compliance-rating.tsx';
import { TitledCard } from '#client/components/titled-card.tsx';
import { cn } from '#client/lib/utils.ts';

/** 'Compliance Summary': how many checklist items were kept and how many broken. */
export function ComplianceSummaryCard({ session }: { session: Session }) {
  const total = session.rulesFollowed.length;
  const followed = session.rulesFollowed.filter((item) => item.followed).length;
  const rating = session.complianceRating;
  return (
    <TitledCard title="Compliance Summary" contentClassName="grid gap-4">
      <div className="grid grid-cols-2 gap-4">
        <Figure
          count={followed}
          label="Rules Followed"
          className="bg-green-50 text-green-700 dark:bg-green-950 dark:text-green-400"
        />
        <Figure
          count={total - followed}
          label="Rules Violated"
          className="bg-red-50 text-red-700 dark:bg-red-950 dark:text-red-400"
        />
      </div>
      {total > 0 ? (
        <div className="grid gap-2">
          <p className="text-muted-foreground text-sm">{`${followed} of ${total} rules followed`}</p>
          {/* The figures above say it in words; the bar is for the eye. */}
          <div aria-hidden="true" className="bg-muted h-2 overflow-hidden rounded-full">
            <div
              className={cn('h-full rounded-full', bandFillClass[complianceBand(rating)])}
              style={{ width: `${rating}%` }}
            />
          </div>
        </div>
      ) : null}
    </TitledCard>
  );
}

function Figure({ count, label, className }: { count: number; label: string; className: string }) {
  // One paragraph, so that it reads as "2 Rules Followed".
  return (
    <p className={cn('flex flex-col items-center gap-1 rounded-lg p-4 text-center', className)}>
      <span className="text-3xl font-bold tabular-nums">{count}</span>{' '}
      <span className="text-sm font-medium">{label}</span>
    </p>
  );
}
