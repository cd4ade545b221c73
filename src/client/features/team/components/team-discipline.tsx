import { CircleAlert, Users } from 'lucide-react';
import { useId } from 'react';
import { useSearchParams } from 'wouter';
import {
  DEFAULT_ORDER,
  SORT_ORDERS,
  TEAM_SORTS,
  type SortOrder,
  type TeamSort,
} from '#shared/schemas/team.ts';
import { EmptyState } from '#client/components/empty-state.tsx';
import { LoadMoreButton } from '#client/components/load-more-button.tsx';
import { Settling } from '#client/components/settling.tsx';
import { TitledCard } from '#client/components/titled-card.tsx';
import { TryAgainButton } from '#client/components/try-again-button.tsx';
import { Skeleton } from '#client/components/ui/skeleton.tsx';
import { todayLocal } from '#client/lib/dates.ts';
import { useShownValue } from '#client/lib/use-shown-value.ts';
import { useTeamInfinite } from '../api/get-team.ts';
import { TeamTable } from './team-table.tsx';

const isSort = (value: unknown): value is TeamSort => TEAM_SORTS.includes(value as TeamSort);
const isOrder = (value: unknown): value is SortOrder => SORT_ORDERS.includes(value as SortOrder);

/**
 * The table's order, kept in the URL (`?sort=compliance&order=desc`) so that it survives a
 * reload and the way back from a drill-down. Choosing the sorted column again reverses it;
 * another column starts in its own order (names A to Z, figures best first).
 */
function useTeamSort() {
  const [params, setParams] = useSearchParams();
  const sort = isSort(params.get('sort')) ? (params.get('sort') as TeamSort) : 'name';
  const orderParam = params.get('order');
  const order = isOrder(orderParam) ? orderParam : DEFAULT_ORDER[sort];
  const setSort = (next: TeamSort) => {
    const nextOrder = next === sort ? (order === 'asc' ? 'desc' : 'asc') : DEFAULT_ORDER[next];
    setParams({ sort: next, order: nextOrder }, { replace: true });
  };
  return { sort, order, setSort };
}

/**
 * 'Team discipline': the traders who share their figures, sortable, each a link to more; a page
 * at a time, as a company may have thousands.
 */
export function TeamDiscipline() {
  const titleId = useId();
  const { sort, order, setSort } = useTeamSort();
  const result = useTeamInfinite({ today: todayLocal(), sort, order });
  const traders = result.data?.pages.flatMap((page) => page.traders) ?? [];
  // While another order is read, the rows shown are still in the last one: so are the headers.
  const shownSort = useShownValue(sort, result.isPlaceholderData);
  const shownOrder = useShownValue(order, result.isPlaceholderData);

  return (
    <TitledCard title="Sharing traders" titleId={titleId} className="min-w-0">
      {result.isPending ? (
        <div role="status" aria-label="Loading the team's figures" className="grid gap-3">
          {[0, 1, 2, 3].map((row) => (
            <Skeleton key={row} className="h-12" />
          ))}
        </div>
      ) : !result.data ? (
        <EmptyState icon={<CircleAlert className="text-destructive size-6" />}>
          <p className="text-muted-foreground">The team&apos;s figures could not be loaded.</p>
          <TryAgainButton retry={result} />
        </EmptyState>
      ) : traders.length === 0 ? (
        <EmptyState icon={<Users className="size-6" />}>
          <p className="text-lg font-semibold">No trader shares their figures yet</p>
          <p className="text-muted-foreground max-w-md text-sm">
            Traders choose in Settings, under Sharing, to show their discipline figures to
            administrators. They appear here from then on.
          </p>
        </EmptyState>
      ) : (
        <Settling isBusy={result.isPlaceholderData} className="grid gap-4">
          <TeamTable
            traders={traders}
            sort={shownSort}
            order={shownOrder}
            onSort={setSort}
            labelledBy={titleId}
          />
          <LoadMoreButton
            hasNextPage={result.hasNextPage && !result.isPlaceholderData}
            isFetchingNextPage={result.isFetchingNextPage}
            fetchNextPage={result.fetchNextPage}
            pageCount={result.data?.pages.length ?? 0}
          />
        </Settling>
      )}
    </TitledCard>
  );
}
