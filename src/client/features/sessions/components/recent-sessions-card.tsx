import { Link } from 'wouter';
import { ComplianceRating } from '#client/components/compliance-rating.tsx';
import { CardMessage, DashboardCard, ViewAllLink } from '#client/components/dashboard-card.tsx';
import { Skeleton } from '#client/components/ui/skeleton.tsx';
import { toCalendarDay } from '#shared/schemas/common.ts';
import { formatSessionDate } from '#client/lib/dates.ts';
import { getSessionDetailsHref, paths } from '#client/lib/paths.ts';
import { cn } from '#client/lib/utils.ts';
import { useRecentSessions } from '../api/get-recent-sessions.ts';

/** The dashboard's 3 newest sessions: name, date and rating, each leading to its details. */
export function RecentSessionsCard() {
  return (
    <DashboardCard
      title="Recent Sessions"
      footer={<ViewAllLink href={paths.history}>View All Sessions</ViewAllLink>}
    >
      <RecentSessionsContent />
    </DashboardCard>
  );
}

/** A session's row: a line of its name over a line of its date (48 px), with its padding. */
const rowClass = 'py-3 first:pt-0';

function RecentSessionsContent() {
  const query = useRecentSessions();
  const { data: sessions, isPending, isLoadingError } = query;

  if (isPending) {
    // Rows of the list's own height, so the three sessions take the placeholders' place: a
    // taller list made its row of cards grow as it arrived, shifting every card below.
    return (
      <div role="status" aria-label="Loading recent sessions" className="divide-y">
        {[1, 2, 3].map((row) => (
          <div key={row} className={rowClass}>
            <Skeleton className="h-12" />
          </div>
        ))}
      </div>
    );
  }
  if (isLoadingError) {
    return (
      <CardMessage isError retry={query}>
        Your sessions could not be loaded.
      </CardMessage>
    );
  }
  if (sessions.length === 0) return <CardMessage>No trading sessions recorded yet.</CardMessage>;

  return (
    <ul className="divide-y">
      {sessions.map((session) => (
        <li key={session.id} className={cn('flex items-center justify-between gap-3', rowClass)}>
          <div className="min-w-0">
            <Link
              href={getSessionDetailsHref(session.id)}
              // Relative: the hidden date is placed, and clipped, within the link, not the page.
              className="relative block truncate font-medium underline-offset-4 hover:underline"
            >
              {session.name}
              {/* Heard in a list of links, where same-named sessions need their dates. */}
              <span className="sr-only"> on {formatSessionDate(session.date)}</span>
            </Link>
            <time dateTime={toCalendarDay(session.date)} className="text-muted-foreground text-sm">
              {formatSessionDate(session.date)}
            </time>
          </div>
          <ComplianceRating rating={session.complianceRating} className="shrink-0" />
        </li>
      ))}
    </ul>
  );
}
