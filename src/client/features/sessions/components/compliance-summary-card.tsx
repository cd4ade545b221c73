import type { Session } from '#shared/schemas/sessions.ts';
import { cn } from '#client/lib/utils.ts';
import { TitledCard } from './titled-card.tsx';

/** 'Compliance Summary': how many checklist items were kept and how many broken. */
export function ComplianceSummaryCard({ session }: { session: Session }) {
  const followed = session.rulesFollowed.filter((item) => item.followed).length;
  const violated = session.rulesFollowed.length - followed;
  return (
    <TitledCard title="Compliance Summary" contentClassName="grid grid-cols-2 gap-4">
      <Figure count={followed} label="Rules Followed" className="bg-green-50 text-green-700" />
      <Figure count={violated} label="Rules Violated" className="bg-red-50 text-red-700" />
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
