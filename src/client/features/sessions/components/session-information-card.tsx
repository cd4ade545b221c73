import type { ReactNode } from 'react';
import { complianceBand, complianceLabel } from '#shared/compliance.ts';
import type { Session } from '#shared/schemas/sessions.ts';
import { bandTextClass, ComplianceRating } from '#client/components/compliance-rating.tsx';
import { TitledCard } from '#client/components/titled-card.tsx';
import { TryAgainButton } from '#client/components/try-again-button.tsx';
import { Skeleton } from '#client/components/ui/skeleton.tsx';
import { formatSessionDate } from '#client/lib/dates.ts';
import { cn } from '#client/lib/utils.ts';
import { formatSessionType, useSessionTypes } from '../api/get-session-types.ts';
import { SessionResult } from './session-result.tsx';

/** 'Session Information': what the session was and how well the trader kept to the rules. */
export function SessionInformationCard({ session }: { session: Session }) {
  const band = complianceBand(session.complianceRating);

  return (
    <TitledCard title="Session Information">
      <dl className="grid gap-4">
        <Item term="Name">
          <span className="font-medium wrap-anywhere">{session.name}</span>
        </Item>
        <Item term="Date">{formatSessionDate(session.date)}</Item>
        <Item term="Session Type">
          <SessionTypeName id={session.sessionTypeId} />
        </Item>
        <Item term="Compliance Rating">
          <span className="flex flex-wrap items-center gap-2">
            <ComplianceRating rating={session.complianceRating} className="text-lg" />
            <span
              className={cn(
                'rounded-full border px-2 py-0.5 text-xs font-semibold',
                bandTextClass[band],
              )}
            >
              {complianceLabel(session.complianceRating)}
            </span>
          </span>
        </Item>
        <Item term="Result">
          <SessionResult session={session} className="text-lg" />
        </Item>
      </dl>
    </TitledCard>
  );
}

/**
 * The session's market session by name; 'None' only when it has none, not while the names load
 * (a placeholder) or when they could not be (said so, with 'Try again'). Names once loaded stay
 * shown when a later refetch fails.
 */
function SessionTypeName({ id }: { id: number | null }) {
  const query = useSessionTypes();
  if (id === null) return 'None';
  if (query.data) {
    const type = query.data.find((candidate) => candidate.id === id);
    return type ? formatSessionType(type) : 'Unknown';
  }
  if (query.isError) {
    return (
      <span className="flex flex-wrap items-center gap-3">
        <span className="text-muted-foreground">The session type could not be loaded.</span>
        <TryAgainButton retry={query} size="sm" />
      </span>
    );
  }
  return (
    <div role="status" aria-label="Loading session type">
      <Skeleton className="h-6 w-48" />
    </div>
  );
}

function Item({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="grid gap-1">
      <dt className="text-muted-foreground text-sm">{term}</dt>
      <dd>{children}</dd>
    </div>
  );
}
