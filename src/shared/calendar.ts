/*
 * Calendar-day arithmetic on `YYYY-MM-DD` and `YYYY-MM`. A trading session's date is a day
 * the trader chose, not an instant: the parts go through UTC, where every day has 24 hours, so
 * no time-zone offset or daylight-saving change can move a day.
 */

function parseDay(day: string): [year: number, monthIndex: number, date: number] {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return [year, month - 1, date];
}

/** The calendar day `days` after `day` (before, when negative). */
export function addDays(day: string, days: number): string {
  const [year, month, date] = parseDay(day);
  return new Date(Date.UTC(year, month, date + days)).toISOString().slice(0, 10);
}

/** `YYYY-MM` of a calendar day. */
export function monthOf(day: string): string {
  return day.slice(0, 7);
}

/** The month `months` after `month` (before, when negative). */
export function addMonths(month: string, months: number): string {
  const [year, monthIndex] = parseDay(`${month}-01`);
  return new Date(Date.UTC(year, monthIndex + months, 1)).toISOString().slice(0, 7);
}

export function firstDayOf(month: string): string {
  return `${month}-01`;
}

export function lastDayOf(month: string): string {
  return addDays(firstDayOf(addMonths(month, 1)), -1);
}

/** The UTC calendar day of an instant: "today" for a caller that does not say its own. */
export function utcDay(now: Date): string {
  return now.toISOString().slice(0, 10);
}
