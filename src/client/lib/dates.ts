import { format } from 'date-fns';
import { toCalendarDay } from '#shared/schemas/common.ts';

/*
 * A session's date is a calendar day, sent as that day's midnight UTC. It is never turned into
 * a local instant (which would show 13 March east or west of UTC); its Y-M-D parts are read
 * as they are.
 */

/** The trader's own local day today, as `YYYY-MM-DD`: the new-session dialog's default. */
export function todayLocal(now: Date = new Date()): string {
  return format(now, 'yyyy-MM-dd');
}

/** 'Mar 14, 2026' for the day of a wire date, whatever the browser's time zone. */
export function formatSessionDate(wireDate: string): string {
  const [year, month, day] = toCalendarDay(wireDate).split('-').map(Number) as [
    number,
    number,
    number,
  ];
  return format(new Date(year, month - 1, day), 'MMM d, yyyy');
}
