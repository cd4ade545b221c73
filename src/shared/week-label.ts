/* The labels of a report's week and days, the same in the app and in the mail. */

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

function dayParts(day: string) {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return { year, month: MONTHS[month - 1] ?? '', date };
}

/** `16–22 Nov 2026`, `30 Nov – 6 Dec 2026`, `29 Dec 2025 – 4 Jan 2026`. */
export function formatWeek(start: string, end: string): string {
  const a = dayParts(start);
  const b = dayParts(end);
  if (a.year !== b.year) return `${a.date} ${a.month} ${a.year} – ${b.date} ${b.month} ${b.year}`;
  if (a.month !== b.month) return `${a.date} ${a.month} – ${b.date} ${b.month} ${b.year}`;
  return `${a.date}–${b.date} ${b.month} ${b.year}`;
}

/** `20 Nov 2026`. */
export function formatDay(day: string): string {
  const { year, month, date } = dayParts(day);
  return `${date} ${month} ${year}`;
}
