import { CircleAlert, History, Plus, SearchX } from 'lucide-react';
import type { ReactNode } from 'react';
import type { SessionSummary } from '#shared/schemas/sessions.ts';
import { TitledCard } from '#client/components/titled-card.tsx';
import { EmptyState } from '#client/components/empty-state.tsx';
import { LoadMoreButton } from '#client/components/load-more-button.tsx';
import { TryAgainButton } from '#client/components/try-again-button.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { Skeleton } from '#client/components/ui/skeleton.tsx';
import { useMediaQuery } from '#client/lib/use-media-query.ts';
import type { useSessionsInfinite } from '../api/get-sessions.ts';
import type { Selection } from '../hooks/use-selection.ts';
import { SessionCardList } from './session-card-list.tsx';
import { SessionsTable } from './sessions-table.tsx';

const TITLE_ID = 'trading-sessions-title';

/** Tailwind's `lg`: the table from there up, a list of cards below. */
const WIDE_SCREEN = '(min-width: 64rem)';

type SessionsHistoryCardProps = {
  /** The filters, above the list. */
  filters: ReactNode;
  sessionsQuery: ReturnType<typeof useSessionsInfinite>;
  sessions: SessionSummary[];
  hasFilters: boolean;
  selection: Selection;
  onNew: () => void;
  onClearFilters: () => void;
  onView: (session: SessionSummary) => void;
  onDelete: (session: SessionSummary) => void;
  /** A delete is under way: the delete buttons wait for its answer. */
  isDeleting: boolean;
};

/** 'Trading Sessions': the filters, then the sessions page after page. */
export function SessionsHistoryCard({ filters, ...props }: SessionsHistoryCardProps) {
  return (
    <TitledCard title="Trading Sessions" titleId={TITLE_ID} contentClassName="grid gap-6">
      {filters}
      {/* In the page from the start, so that its words are read out as they change: a filter
          changed far above the list said nothing of what it found. */}
      <p role="status" className="sr-only">
        {filterResult(props)}
      </p>
      <SessionsHistoryContent {...props} />
    </TitledCard>
  );
}

/** What the filters found, once it is shown; nothing without filters, or while it loads. */
function filterResult({
  sessionsQuery: { data, isPending, hasNextPage },
  sessions,
  hasFilters,
}: Pick<SessionsHistoryCardProps, 'sessionsQuery' | 'sessions' | 'hasFilters'>) {
  if (!hasFilters || isPending || !data) return '';
  const count = sessions.length;
  if (count === 0) return 'No sessions match these filters.';
  const shown = `${count} ${count === 1 ? 'session matches' : 'sessions match'} these filters`;
  return hasNextPage ? `${shown} so far; Load more shows the rest.` : `${shown}.`;
}

function SessionsHistoryContent({
  sessionsQuery,
  sessions,
  hasFilters,
  selection,
  onNew,
  onClearFilters,
  onView,
  onDelete,
  isDeleting,
}: Omit<SessionsHistoryCardProps, 'filters'>) {
  const { data, isPending, refetch, isRefetching, hasNextPage, fetchNextPage, isFetchingNextPage } =
    sessionsQuery;
  const isWide = useMediaQuery(WIDE_SCREEN);

  if (isPending) {
    return (
      <div role="status" aria-label="Loading sessions" className="grid gap-2">
        <Skeleton className="h-12" />
        <Skeleton className="h-12" />
        <Skeleton className="h-12" />
      </div>
    );
  }

  if (!data) {
    return (
      <EmptyState icon={<CircleAlert className="text-destructive size-6" />}>
        <p className="text-muted-foreground">Your trading sessions could not be loaded.</p>
        <TryAgainButton retry={{ refetch, isFetching: isRefetching }} />
      </EmptyState>
    );
  }

  if (sessions.length === 0) {
    return hasFilters ? (
      <EmptyState icon={<SearchX className="size-6" />}>
        <p className="text-muted-foreground">No sessions match these filters.</p>
        <Button variant="outline" onClick={onClearFilters}>
          Clear filters
        </Button>
      </EmptyState>
    ) : (
      <EmptyState icon={<History className="size-6" />}>
        <p className="text-muted-foreground">No trading sessions recorded yet.</p>
        <Button onClick={onNew}>
          <Plus aria-hidden="true" />
          Record Your First Session
        </Button>
      </EmptyState>
    );
  }

  const listProps = { sessions, selection, onView, onDelete, isDeleting, labelledBy: TITLE_ID };
  return (
    <div className="grid gap-4">
      {/* One or the other by the window's width, and only that one: rendering both and hiding
          one with CSS doubled the page's work (a page of sessions held a phone for 0.35 s). */}
      {isWide ? <SessionsTable {...listProps} /> : <SessionCardList {...listProps} />}
      <LoadMoreButton
        hasNextPage={hasNextPage}
        isFetchingNextPage={isFetchingNextPage}
        fetchNextPage={fetchNextPage}
        pageCount={data?.pages.length ?? 0}
      />
    </div>
  );
}
