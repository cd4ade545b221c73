import type { ReactNode } from 'react';
import { complianceBand, complianceLabel } from '#shared/compliance.ts';
import type { Session } from '#shared/schemas/sessions.ts';
import { bandTextClass, ComplianceRating } from '#client/components/compliance-rating.tsx';
import { TitledCard } from '#client/components/titled-card.tsx';
import { formatSessionDate } from '#client/lib/dates.ts';
import { cn } from '#client/lib/utils.ts';
import { formatSessionType, useSessionTypes } from '../api/get-session-types.ts';
import { SessionResult } from './session-result.tsx';

/** 'Session Information': what the session was and how well the trader kept to the rules. */
export function SessionInformationCard({ session }: { session: Session }) {
  const { data: sessionTypes } = useSessionTypes();
  const sessionType = sessionTypes?.find((type) => type.id === session.sessionTypeId);
  const band = complianceBand(session.complianceRating);

  return (
    <TitledCard title="Session Information">
      <dl className="grid gap-4">
        <Item term="Name">
          <span className="font-medium wrap-anywhere">{session.name}</span>
        </Item>
        <Item term="Date">{formatSessionDate(session.date)}</Item>
        <Item term="Session Type">{sessionType ? formatSessionType(sessionType) : 'None'}</Item>
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

function Item({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="grid gap-1">
      <dt className="text-muted-foreground text-sm">{term}</dt>
      <dd>{children}</dd>
    </div>
  );
}
