import { addDays } from '#shared/calendar.ts';
import type { CalendarDay } from '#shared/schemas/discipline.ts';

/** The heatmap shows the 365 days ending on the trader's today: the last 12 months. */
export const CALENDAR_DAYS = 365;

export function calendarRange(today: string): { from: string; to: string } {
  return { from: addDays(today, 1 - CALENDAR_DAYS), to: today };
}

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

/** Monday 0 … Sunday 6, of a `YYYY-MM-DD` (read in UTC: a calendar day, not an instant). */
export function weekdayIndex(day: string): number {
  return (new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7;
}

/** '14 March 2026'. */
export function longDate(day: string): string {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return `${date} ${MONTHS[month - 1]} ${year}`;
}

/** A day's accessible name: '14 March 2026: 2 sessions, 83%, amber' or '…: no sessions'. */
export function dayLabel(day: string, figures: CalendarDay | undefined): string {
  if (!figures) return `${longDate(day)}: no sessions`;
  const sessions = figures.sessionCount === 1 ? '1 session' : `${figures.sessionCount} sessions`;
  return `${longDate(day)}: ${sessions}, ${figures.complianceRating}%, ${figures.band}`;
}

export interface CalendarLayout {
  /** Every day of the range, oldest first: the keyboard moves through these. */
  days: string[];
  /** Columns of 7 slots, Monday first; a slot outside the range is null. */
  weeks: (number | null)[][];
  /** The week column where each month first appears, with its short name. */
  months: { week: number; label: string }[];
}

/** The grid of a range: weeks as columns (at most 53 for 365 days), weekdays as rows. */
export function calendarLayout(from: string, to: string): CalendarLayout {
  const days: string[] = [];
  for (let day = from; day <= to; day = addDays(day, 1)) days.push(day);
  const lead = days.length > 0 ? weekdayIndex(from) : 0;
  const weeks: (number | null)[][] = [];
  const months: CalendarLayout['months'] = [];
  for (let slot = 0; slot < lead + days.length; slot += 7) {
    const week = Array.from({ length: 7 }, (_, weekday) => {
      const index = slot + weekday - lead;
      return index >= 0 && index < days.length ? index : null;
    });
    const column = weeks.length;
    for (const index of week) {
      if (index === null) continue;
      const day = days[index]!;
      if (day.endsWith('-01') || index === 0) {
        const label = MONTHS[Number(day.slice(5, 7)) - 1]!.slice(0, 3);
        if (!months.some((month) => month.week === column)) months.push({ week: column, label });
      }
    }
    weeks.push(week);
  }
  // The first, partial month is named only when it has room before the next name.
  if (months.length > 1 && months[1]!.week - months[0]!.week < 3) months.shift();
  return { days, weeks, months };
}

/** The day the arrow keys move focus to: a day up or down, a week left or right. */
export function movedIndex(index: number, key: string, dayCount: number): number | null {
  const step: Record<string, number> = {
    ArrowUp: -1,
    ArrowDown: 1,
    ArrowLeft: -7,
    ArrowRight: 7,
  };
  if (key === 'Home') return 0;
  if (key === 'End') return dayCount - 1;
  const delta = step[key];
  if (delta === undefined) return null;
  return Math.min(Math.max(index + delta, 0), dayCount - 1);
}
