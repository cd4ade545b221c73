import type { SessionType } from '#shared/schemas/sessions.ts';

const MINUTE = 60_000;

/** A session type's `HH:MM` (UTC) as minutes after midnight; null when it is not a time. */
export function minutesOfDay(time: string): number | null {
  const match = /^(\d{2}):(\d{2})$/.exec(time);
  if (!match) return null;
  const [hours, minutes] = [Number(match[1]), Number(match[2])];
  return hours < 24 && minutes < 60 ? hours * 60 + minutes : null;
}

/**
 * A session's UTC times of day as the trader's clock shows them on `day` ('09:00–18:00' in
 * London in summer): the local offset can differ between winter and summer, UTC does not.
 */
export function localTimeRange(type: SessionType, day: Date, locale?: string): string | null {
  const start = minutesOfDay(type.startTime);
  const end = minutesOfDay(type.endTime);
  if (start === null || end === null) return null;
  const midnight = Date.UTC(day.getUTCFullYear(), day.getUTCMonth(), day.getUTCDate());
  const local = (minutes: number) =>
    new Date(midnight + minutes * MINUTE).toLocaleTimeString(locale, {
      hour: '2-digit',
      minute: '2-digit',
    });
  return `${local(start)}–${local(end)}`;
}
