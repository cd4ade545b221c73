import { addDays, utcDay } from '#shared/calendar.ts';

/** 1 for Monday … 7 for Sunday. */
function isoWeekday(day: string): number {
  const weekday = new Date(`${day}T00:00:00Z`).getUTCDay();
  return weekday === 0 ? 7 : weekday;
}

/** `2026-W47`: the ISO week (Monday to Sunday) holding `day`; its year is its Thursday's. */
export function isoWeekKey(day: string): string {
  const thursday = addDays(day, 4 - isoWeekday(day));
  const year = thursday.slice(0, 4);
  const dayOfYear =
    Math.round(
      (Date.parse(`${thursday}T00:00:00Z`) - Date.parse(`${year}-01-01T00:00:00Z`)) / 86_400_000,
    ) + 1;
  const week = Math.floor((dayOfYear - 1) / 7) + 1;
  return `${year}-W${String(week).padStart(2, '0')}`;
}

/**
 * The hour of Monday (UTC) from which the week before counts as ended: its Sunday has then
 * ended in every time zone, UTC−12 to UTC+14. At Monday 00:00 UTC it is still Sunday afternoon
 * in the Americas, where a Sunday evening's session is recorded after the currency markets
 * open (Sunday 22:00 UTC) and would be missing from its week's report.
 */
export const WEEK_ENDED_HOUR_UTC = 12;

/**
 * The ISO week that ended last, seen at `now`: from Monday 12:00 UTC on, the week before.
 * Its days are session dates, Monday to Sunday, both included.
 */
export function weekJustEnded(now: Date): { start: string; end: string; key: string } {
  const today = utcDay(new Date(now.getTime() - WEEK_ENDED_HOUR_UTC * 3_600_000));
  const thisMonday = addDays(today, 1 - isoWeekday(today));
  const start = addDays(thisMonday, -7);
  return { start, end: addDays(thisMonday, -1), key: isoWeekKey(start) };
}
