import { Link } from 'wouter';
import { Skeleton } from '#client/components/ui/skeleton.tsx';
import { formatSessionDate, toCalendarDay } from '#client/lib/dates.ts';
import { getSessionDetailsHref, paths } from '#client/lib/paths.ts';
import { useRecentSessions } from '../api/get-recent-sessions.ts';
import { getScreenshotThumbnailUrl } from '../api/screenshot-urls.ts';
import { ComplianceRating } from './compliance-rating.tsx';
import { CardMessage, DashboardCard, ViewAllLink } from './dashboard-card.tsx';

/** The newest sessions with a screenshot, as thumbnails leading to each session's details. */
export function RecentScreenshotsCard() {
  return (
    <DashboardCard
      title="Recent Screenshots"
      footer={<ViewAllLink href={paths.history}>View All Screenshots</ViewAllLink>}
    >
      <RecentScreenshotsContent />
    </DashboardCard>
  );
}

const tileClass = 'aspect-[4/3] rounded-md';

function RecentScreenshotsContent() {
  const { data: sessions, isPending, isError } = useRecentSessions({ hasScreenshot: true });

  if (isPending) {
    return (
      <div role="status" aria-label="Loading recent screenshots" className="grid grid-cols-3 gap-3">
        <Skeleton className={tileClass} />
        <Skeleton className={tileClass} />
        <Skeleton className={tileClass} />
      </div>
    );
  }
  if (isError) return <CardMessage isError>Your screenshots could not be loaded.</CardMessage>;
  if (sessions.length === 0) return <CardMessage>No screenshots available yet.</CardMessage>;

  return (
    <ul className="grid grid-cols-3 gap-3">
      {sessions.map((session) =>
        session.screenshotPath ? (
          <li key={session.id}>
            <Link
              href={getSessionDetailsHref(session.id)}
              className={`group bg-muted focus-visible:ring-ring relative block overflow-hidden outline-none focus-visible:ring-2 focus-visible:ring-offset-2 ${tileClass}`}
            >
              <img
                src={getScreenshotThumbnailUrl(session.screenshotPath)}
                alt={`Screenshot of ${session.name}, ${formatSessionDate(session.date)}`}
                loading="lazy"
                className="size-full object-cover transition-transform group-hover:scale-105 motion-reduce:transition-none"
              />
              {/* The date and rating over the image, on a white strip that keeps them legible.
                  The date is hidden from screen readers: the image's text already says it. */}
              <span className="absolute inset-x-0 bottom-0 flex flex-wrap items-center justify-between gap-x-2 bg-white/90 px-2 py-1 text-xs">
                <time
                  aria-hidden="true"
                  dateTime={toCalendarDay(session.date)}
                  className="font-medium text-gray-900"
                >
                  {formatSessionDate(session.date)}
                </time>
                <ComplianceRating rating={session.complianceRating} className="[&_svg]:size-3.5" />
              </span>
            </Link>
          </li>
        ) : null,
      )}
    </ul>
  );
}
