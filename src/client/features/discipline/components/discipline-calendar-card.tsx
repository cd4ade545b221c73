import {
  useEffect,
  useMemo,
  useRef,
  useState,
  type FocusEvent,
  type KeyboardEvent,
  type MouseEvent,
} from 'react';
import { Link } from 'wouter';
import type { ComplianceBand } from '#shared/compliance.ts';
import type { CalendarDay } from '#shared/schemas/discipline.ts';
import { bandFillClass, bandLabel } from '#client/components/compliance-rating.tsx';
import { CardMessage } from '#client/components/dashboard-card.tsx';
import { TitledCard } from '#client/components/titled-card.tsx';
import { Skeleton } from '#client/components/ui/skeleton.tsx';
import { todayLocal } from '#client/lib/dates.ts';
import { paths } from '#client/lib/paths.ts';
import { cn } from '#client/lib/utils.ts';
import { useDisciplineCalendar } from '../api/get-discipline.ts';
import {
  calendarLayout,
  calendarRange,
  dayLabel,
  longDate,
  movedIndex,
} from '../calendar-layout.ts';
import { bandPatternStyle } from './band-pattern.ts';

const WEEKDAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];
const BANDS: ComplianceBand[] = ['green', 'amber', 'red'];
const BAND_RANGES: Record<ComplianceBand, string> = {
  green: '90% and more',
  amber: '75–89%',
  red: 'below 75%',
};

/** The history filtered to one day. */
export function dayHistoryHref(day: string): string {
  return `${paths.history}?from=${day}&to=${day}`;
}

/**
 * 'Discipline Calendar': the last 12 months as a heatmap, a column per week and a row per
 * weekday, each day in its band's colour and pattern (grey without sessions). No chart library:
 * plain elements, so it renders without the chart bundle.
 */
export function DisciplineCalendarCard({ className }: { className?: string }) {
  // The trader's today at each render: a page left open past midnight asks for the new day's
  // year as soon as it draws again (its figures refreshed on focus, or after a write).
  const today = todayLocal();
  const range = useMemo(() => calendarRange(today), [today]);
  const query = useDisciplineCalendar(range);
  const { data, isPending, isLoadingError } = query;
  return (
    <TitledCard title="Discipline Calendar" className={className}>
      <p className="text-muted-foreground mb-4 text-sm">
        Each day of the last 12 months by its compliance. Choose a day to see its sessions.
      </p>
      {isPending ? (
        <Skeleton role="status" aria-label="Loading discipline calendar" className="h-36" />
      ) : isLoadingError ? (
        <CardMessage isError retry={query}>
          Your discipline calendar could not be loaded.
        </CardMessage>
      ) : (
        <CalendarGrid from={range.from} to={range.to} days={data} />
      )}
      <Legend />
    </TitledCard>
  );
}

/** Where the tooltip goes: above the cell's top, or below its bottom for the top rows. */
type TipPlace = {
  index: number;
  left: number;
  top: number;
  bottom: number;
  below: boolean;
  align: 'start' | 'center' | 'end';
};

function CalendarGrid({ from, to, days }: { from: string; to: string; days: CalendarDay[] }) {
  const layout = useMemo(() => calendarLayout(from, to), [from, to]);
  const byDate = useMemo(() => new Map(days.map((day) => [day.date, day])), [days]);
  // The roving tab stop: the latest day with sessions, else today.
  const [focusIndex, setFocusIndex] = useState(() => {
    const last = days.at(-1);
    return last ? Math.max(layout.days.indexOf(last.date), 0) : layout.days.length - 1;
  });
  // The tooltip's day, under the pointer or else under the focus, placed above its cell.
  const [hovered, setHovered] = useState<TipPlace | null>(null);
  const [focused, setFocused] = useState<TipPlace | null>(null);
  const cells = useRef(new Map<number, HTMLElement>());
  const tip = hovered ?? focused;
  // Escape puts the tooltip away, wherever focus is, until the pointer or the focus moves on to
  // another day: it covers the days above or below it (WCAG 1.4.13, dismissible).
  const isTipShown = tip !== null;
  useEffect(() => {
    if (!isTipShown) return;
    const dismiss = (event: globalThis.KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setHovered(null);
      setFocused(null);
    };
    document.addEventListener('keydown', dismiss);
    return () => document.removeEventListener('keydown', dismiss);
  }, [isTipShown]);

  const onKeyDown = (event: KeyboardEvent) => {
    const next = movedIndex(focusIndex, event.key, layout.days.length);
    if (next === null) return;
    event.preventDefault();
    setFocusIndex(next);
    const cell = cells.current.get(next);
    // Focus alone scrolls a cell only once it leaves the box, under the weekdays held at its
    // left edge; brought into view, it stops clear of them (the box's scroll padding).
    cell?.focus({ preventScroll: true });
    cell?.scrollIntoView({ block: 'nearest', inline: 'nearest' });
  };

  const cellRef = (index: number) => (element: HTMLElement | null) => {
    if (element) cells.current.set(index, element);
    else cells.current.delete(index);
  };

  // Inside the scrolling card the tooltip must not be cut off: below the cell in the top rows,
  // and held from the grid's ends in the first and last weeks.
  const place = (index: number, row: number, column: number, element: HTMLElement): TipPlace => ({
    index,
    left: element.offsetLeft + element.offsetWidth / 2,
    top: element.offsetTop,
    bottom: element.offsetTop + element.offsetHeight,
    below: row < 3,
    align: column < 5 ? 'start' : column > layout.weeks.length - 6 ? 'end' : 'center',
  });
  // On a narrow screen the grid opens on its latest weeks.
  const scroller = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = scroller.current;
    if (element) element.scrollLeft = element.scrollWidth;
  }, []);

  return (
    <div
      ref={scroller}
      // The weekdays stay at the left edge (below): a day reached by the keyboard scrolls clear
      // of them, and the shadow that says more lies to the left falls beside them.
      className="scroll-shadows relative scroll-pl-9 overflow-x-auto pb-2 [--scroll-shadow-start:2.25rem]"
    >
      <div className="relative w-max pt-5">
        <div aria-hidden="true" className="absolute top-0 left-9 h-4 text-xs">
          {layout.months.map((month) => (
            <span
              key={month.week}
              className="text-muted-foreground absolute"
              style={{ left: `${month.week * 16}px` }}
            >
              {month.label}
            </span>
          ))}
        </div>
        <div
          role="grid"
          aria-label="Discipline calendar, last 12 months"
          onKeyDown={onKeyDown}
          className="grid gap-1"
        >
          {WEEKDAYS.map((weekday, row) => (
            <div role="row" key={weekday} className="flex gap-1">
              {/* Held at the card's left edge: on a phone the grid opens on its latest weeks,
                  and the days scroll under the weekdays rather than taking them away. */}
              <span
                role="rowheader"
                className="text-muted-foreground bg-card sticky left-0 z-[1] w-8 shrink-0 text-xs leading-3"
              >
                {row % 2 === 0 ? weekday : <span className="sr-only">{weekday}</span>}
              </span>
              {layout.weeks.map((week, column) => {
                const index = week[row] ?? null;
                if (index === null) {
                  return <span key={column} role="gridcell" className="size-3" />;
                }
                const day = layout.days[index]!;
                const figures = byDate.get(day);
                const common = {
                  ref: cellRef(index),
                  tabIndex: index === focusIndex ? 0 : -1,
                  'aria-label': dayLabel(day, figures),
                  onFocus: (event: FocusEvent<HTMLElement>) => {
                    setFocusIndex(index);
                    setFocused(place(index, row, column, event.currentTarget));
                  },
                  onBlur: () => setFocused(null),
                  onMouseEnter: (event: MouseEvent<HTMLElement>) =>
                    setHovered(place(index, row, column, event.currentTarget)),
                  onMouseLeave: () => setHovered(null),
                  className: cn(
                    'block size-3 rounded-[2px] outline-offset-1 focus-visible:outline-2 focus-visible:outline-foreground',
                    figures ? bandFillClass[figures.band] : 'bg-muted border-border border',
                  ),
                  style: figures ? bandPatternStyle[figures.band] : undefined,
                };
                return (
                  <span key={column} role="gridcell" className="size-3">
                    {figures ? (
                      <Link href={dayHistoryHref(day)} {...common} />
                    ) : (
                      <span {...common} />
                    )}
                  </span>
                );
              })}
            </div>
          ))}
        </div>
        {tip ? (
          <DayTooltip
            day={layout.days[tip.index]!}
            figures={byDate.get(layout.days[tip.index]!)}
            place={tip}
          />
        ) : null}
      </div>
    </div>
  );
}

/** The day under the pointer or focus, for sighted readers; the cell's name says the same. */
function DayTooltip({
  day,
  figures,
  place,
}: {
  day: string;
  figures: CalendarDay | undefined;
  place: TipPlace;
}) {
  return (
    <div
      aria-hidden="true"
      data-testid="calendar-tooltip"
      className={cn(
        'bg-foreground text-background pointer-events-none absolute z-10 w-max rounded-md px-3 py-1.5 text-xs',
        !place.below && '-translate-y-full',
        place.align === 'center' && '-translate-x-1/2',
        place.align === 'end' && '-translate-x-full',
      )}
      style={{
        left:
          place.align === 'start'
            ? place.left - 8
            : place.align === 'end'
              ? place.left + 8
              : place.left,
        top: place.below ? place.bottom + 6 : place.top - 6,
      }}
    >
      <p className="font-semibold">{longDate(day)}</p>
      {figures ? (
        <>
          <p>
            {figures.sessionCount === 1 ? '1 session' : `${figures.sessionCount} sessions`},{' '}
            {figures.complianceRating}%
          </p>
          <p>
            {figures.band.charAt(0).toUpperCase() + figures.band.slice(1)}:{' '}
            {bandLabel(figures.band)}
          </p>
        </>
      ) : (
        <p>No sessions</p>
      )}
    </div>
  );
}

function Legend() {
  return (
    <ul
      aria-label="Calendar legend"
      className="text-muted-foreground mt-3 flex flex-wrap gap-x-4 gap-y-1 text-xs"
    >
      {BANDS.map((band) => (
        <li key={band} className="flex items-center gap-1.5">
          <span
            aria-hidden="true"
            className={cn('size-3 rounded-[2px]', bandFillClass[band])}
            style={bandPatternStyle[band]}
          />
          {`${band.charAt(0).toUpperCase()}${band.slice(1)}: ${BAND_RANGES[band]}`}
        </li>
      ))}
      <li className="flex items-center gap-1.5">
        <span aria-hidden="true" className="bg-muted border-border size-3 rounded-[2px] border" />
        No session
      </li>
    </ul>
  );
}
