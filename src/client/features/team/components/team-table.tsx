import { ArrowDown, ArrowUp, ArrowUpDown } from 'lucide-react';
import { Link } from 'wouter';
import type { SortOrder, TeamMember, TeamSort } from '#shared/schemas/team.ts';
import { NO_WEAKEST_RULE_TEXT } from '#shared/weakest-rule.ts';
import { ScrollBox } from '#client/components/scroll-box.tsx';
import { ComplianceRating } from '#client/components/compliance-rating.tsx';
import { getTeamTraderHref } from '#client/lib/paths.ts';
import { cn } from '#client/lib/utils.ts';

const headCell = 'text-muted-foreground h-10 px-3 text-left align-middle text-xs font-medium';

type SortState = { sort: TeamSort; order: SortOrder };

type TeamTableProps = SortState & {
  traders: TeamMember[];
  onSort: (sort: TeamSort) => void;
  /** The id of the heading that names the table. */
  labelledBy: string;
};

/** 'Sessions' in the singular or plural. */
function sessionsText(count: number) {
  return `${count} ${count === 1 ? 'session' : 'sessions'}`;
}

/** A column header that sorts the table: a button, with the order said by `aria-sort`. */
function SortableHeader({
  column,
  label,
  sort,
  order,
  onSort,
}: SortState & { column: TeamSort; label: string; onSort: (sort: TeamSort) => void }) {
  const isSorted = column === sort;
  const Icon = !isSorted ? ArrowUpDown : order === 'asc' ? ArrowUp : ArrowDown;
  return (
    <th
      scope="col"
      className={headCell}
      aria-sort={isSorted ? (order === 'asc' ? 'ascending' : 'descending') : 'none'}
    >
      <button
        type="button"
        onClick={() => onSort(column)}
        className={cn(
          'hover:text-foreground focus-visible:ring-ring -mx-1 inline-flex items-center gap-1 rounded-sm px-1 py-1 whitespace-nowrap uppercase outline-none focus-visible:ring-2',
          isSorted && 'text-foreground',
        )}
      >
        {label}
        <Icon aria-hidden="true" className="size-3.5" />
      </button>
    </th>
  );
}

/** The change against the 30 days before: ▲/▼ and the points in words, never colour alone. */
export function TrendFigure({ trader }: { trader: TeamMember }) {
  if (trader.trend === null) {
    return (
      <span className="text-muted-foreground">
        {trader.compliance === null ? 'No sessions' : 'No earlier sessions'}
      </span>
    );
  }
  const points = Math.abs(trader.trend);
  const unit = points === 1 ? 'point' : 'points';
  if (trader.trend === 0) return <span className="text-muted-foreground">No change</span>;
  const isUp = trader.trend > 0;
  return (
    <span
      className={cn(
        'inline-flex items-center gap-1 font-medium whitespace-nowrap',
        isUp ? 'text-green-700 dark:text-green-400' : 'text-red-700 dark:text-red-400',
      )}
    >
      <span aria-hidden="true">{isUp ? '▲' : '▼'}</span>
      {isUp ? 'Up' : 'Down'} {points} {unit}
    </span>
  );
}

/**
 * The sharing traders, one row each: 30-day compliance, trend, current streak and weakest
 * rule. Wider than a phone: the table scrolls sideways in its own box, which a keyboard can
 * scroll too.
 */
export function TeamTable({ traders, sort, order, onSort, labelledBy }: TeamTableProps) {
  const header = (column: TeamSort, label: string) => (
    <SortableHeader column={column} label={label} sort={sort} order={order} onSort={onSort} />
  );
  return (
    <ScrollBox labelledBy={labelledBy} className="relative">
      <table aria-labelledby={labelledBy} className="w-full min-w-[44rem] border-collapse text-sm">
        <thead>
          <tr className="border-b">
            {header('name', 'Trader')}
            {header('compliance', '30-day compliance')}
            {header('trend', 'Trend')}
            {header('streak', 'Current streak')}
            <th scope="col" className={`${headCell} uppercase`}>
              Weakest rule
            </th>
          </tr>
        </thead>
        <tbody>
          {traders.map((trader) => (
            <tr key={trader.id} className="hover:bg-muted/50 border-b last:border-b-0">
              <th scope="row" className="max-w-56 px-3 py-2 text-left font-medium">
                <Link
                  href={getTeamTraderHref(trader.id)}
                  className="focus-visible:ring-ring rounded-sm wrap-anywhere underline-offset-4 outline-none hover:underline focus-visible:ring-2 pointer-coarse:underline"
                >
                  {trader.fullName}
                </Link>
                <span className="text-muted-foreground block text-xs font-normal wrap-anywhere">
                  @{trader.username}
                </span>
              </th>
              <td className="px-3 py-2">
                {trader.compliance === null ? (
                  <span className="text-muted-foreground">No sessions</span>
                ) : (
                  <>
                    <ComplianceRating rating={trader.compliance} />
                    <span className="text-muted-foreground block text-xs">
                      {sessionsText(trader.sessionCount)}
                    </span>
                  </>
                )}
              </td>
              <td className="px-3 py-2">
                <TrendFigure trader={trader} />
              </td>
              <td className="px-3 py-2 whitespace-nowrap">
                {sessionsText(trader.currentStreak)}
                <span className="sr-only"> at 90% or more</span>
              </td>
              <td className="max-w-64 px-3 py-2">
                {trader.weakestRule ? (
                  <>
                    <span className="block wrap-anywhere">{trader.weakestRule.description}</span>
                    <span className="text-muted-foreground text-xs">
                      followed {trader.weakestRule.complianceRate}%
                    </span>
                  </>
                ) : trader.whyNoWeakestRule ? (
                  <span className="text-muted-foreground">
                    {NO_WEAKEST_RULE_TEXT[trader.whyNoWeakestRule]}
                  </span>
                ) : null}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollBox>
  );
}
