import { Link } from 'wouter';
import { ComplianceRating } from '#client/components/compliance-rating.tsx';
import { CardMessage, DashboardCard, ViewAllLink } from '#client/components/dashboard-card.tsx';
import { Skeleton } from '#client/components/ui/skeleton.tsx';
import { toCalendarDay } from '#shared/schemas/common.ts';
import { formatSessionDate } from '#client/lib/dates.ts';
import { getSessionDetailsHref, paths } from '#client/lib/paths.ts';
import { cn } from '#client/lib/utils.ts';
import { useRecentSessions } from '../api/get-recent-sessions.ts';
import { getScreenshotThumbnailUrl } from '../api/screenshot-urls.ts';

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

/*
 * Tiles in two columns; with an odd count the newest spans both, so that one, two or three
 * screenshots always fill the card: one wide tile, two side by side, or one above two.
 */
const tileClass = 'aspect-video';
const wideTileClass = 'col-span-2 aspect-[5/2]';

function RecentScreenshotsContent() {
  const query = useRecentSessions({ hasScreenshot: true });
  const { data: sessions, isPending, isLoadingError } = query;

  if (isPending) {
    return (
      <div role="status" aria-label="Loading recent screenshots" className="grid grid-cols-2 gap-3">
        <Skeleton className={wideTileClass} />
        <Skeleton className={tileClass} />
        <Skeleton className={tileClass} />
      </div>
    );
  }
  if (isLoadingError) {
    return (
      <CardMessage isError retry={query}>
        Your screenshots could not be loaded.
      </CardMessage>
    );
  }
  const shots = sessions.flatMap(({ screenshotPath, ...session }) =>
    screenshotPath ? [{ ...session, screenshotPath }] : [],
  );
  if (shots.length === 0) return <CardMessage>No screenshots available yet.</CardMessage>;

  return (
    <ul className="grid grid-cols-2 gap-3">
      {shots.map((session, index) => (
        <li key={session.id} className={cn(index === 0 && shots.length % 2 === 1 && 'col-span-2')}>
          <Link
            href={getSessionDetailsHref(session.id)}
            className={cn(
              'group bg-muted focus-visible:ring-ring @container relative block overflow-hidden rounded-md outline-none focus-visible:ring-2 focus-visible:ring-offset-2',
              index === 0 && shots.length % 2 === 1 ? wideTileClass : tileClass,
            )}
          >
            {/* Not lazy: on wide screens these thumbnails are in the first screenful, often the
                largest thing in it, and a lazy image waits for layout before it is requested. */}
            <img
              src={getScreenshotThumbnailUrl(session.screenshotPath)}
              alt={`Screenshot of ${session.name}, ${formatSessionDate(session.date)}`}
              className="size-full object-cover transition-transform group-hover:scale-105 motion-reduce:transition-none"
            />
            {/* The date and rating over the image, on one line of the page's colour that keeps
                them legible in either theme; a small tile (the dashboard's narrow column) leaves
                the band's icon out, where two lines covered half of the image.
                The date is hidden from screen readers: the image's text already says it. */}
            <span className="bg-background/90 absolute inset-x-0 bottom-0 flex items-center justify-between gap-x-2 px-2 py-1 text-xs whitespace-nowrap">
              <time
                aria-hidden="true"
                dateTime={toCalendarDay(session.date)}
                className="text-foreground font-medium"
              >
                {formatSessionDate(session.date)}
              </time>
              <ComplianceRating
                rating={session.complianceRating}
                className="[&_svg]:size-3.5 @max-[11rem]:[&_svg]:hidden"
              />
            </span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
