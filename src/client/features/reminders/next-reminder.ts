import type { SessionType } from '#shared/schemas/sessions.ts';
import { minutesOfDay } from '#client/lib/session-times.ts';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
/** A reminder whose timer woke late (a sleeping tab) is still shown up to a minute after the open. */
const LATE_GRACE = MINUTE;

export type ReminderSettings = {
  /** The market sessions the trader trades (ids of the fixed list). */
  sessionTypeIds: readonly number[];
  minutesBefore: number;
};

export type PlannedReminder = {
  /** Every chosen session type that opens at `opensAt` (New York and the overlap share 13:00). */
  sessionTypes: SessionType[];
  opensAt: Date;
  remindAt: Date;
};

/** When the currency markets' week ends on Friday and starts again on Sunday: 22:00 UTC. */
const WEEK_TURNS_AT = 22 * 60;

/**
 * Whether the currency markets trade at `time`: from Sunday 22:00 UTC, when Sydney opens the
 * week, to Friday 22:00 UTC, when New York closes it. A session type's opening outside that
 * (London on a Saturday, Tokyo at Saturday's 00:00, Sydney's Friday 22:00) does not happen, and
 * a reminder of it would say something false.
 */
export function isTradingWeek(time: Date): boolean {
  const minutes = time.getUTCHours() * 60 + time.getUTCMinutes();
  switch (time.getUTCDay()) {
    case 6:
      return false;
    case 5:
      return minutes < WEEK_TURNS_AT;
    case 0:
      return minutes >= WEEK_TURNS_AT;
    default:
      return true;
  }
}

/**
 * The first reminder strictly after `after`: for each chosen session type, its next opening
 * (a UTC time of day, so no daylight saving) in the markets' week, minus the lead time. A lead
 * of up to a day reaches into the previous UTC day (Tokyo opens at 00:00: 15 minutes before is
 * 23:45 the day before), and a weekend skips up to three days (London's Friday to its Monday),
 * so the openings of today and the next four days are enough to find it.
 */
export function nextReminder(
  sessionTypes: readonly SessionType[],
  { sessionTypeIds, minutesBefore }: ReminderSettings,
  after: Date,
): PlannedReminder | null {
  const lead = minutesBefore * MINUTE;
  const today = Math.floor(after.getTime() / DAY) * DAY;
  let best: PlannedReminder | null = null;
  for (const type of sessionTypes) {
    if (!sessionTypeIds.includes(type.id)) continue;
    const start = minutesOfDay(type.startTime);
    if (start === null) continue;
    for (let day = 0; day <= 4; day += 1) {
      const opensAt = today + day * DAY + start * MINUTE;
      const remindAt = opensAt - lead;
      if (remindAt <= after.getTime() || !isTradingWeek(new Date(opensAt))) continue;
      if (!best || remindAt < best.remindAt.getTime()) {
        best = { sessionTypes: [type], opensAt: new Date(opensAt), remindAt: new Date(remindAt) };
      } else if (remindAt === best.remindAt.getTime()) {
        best.sessionTypes.push(type);
      }
      break;
    }
  }
  return best;
}

/** '15 minutes', '1 minute', '2 hours', '1 hour 30 minutes'. */
function formatLead(minutes: number): string {
  const unit = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  if (hours === 0) return unit(rest, 'minute');
  return rest === 0 ? unit(hours, 'hour') : `${unit(hours, 'hour')} ${unit(rest, 'minute')}`;
}

/**
 * The notification's title at `now`, from the minutes actually left ('London opens in 15
 * minutes', 'London opens now'); null when the session opened more than a minute ago and the
 * reminder would only be noise.
 */
export function reminderTitle(reminder: PlannedReminder, now: Date): string | null {
  const left = reminder.opensAt.getTime() - now.getTime();
  if (left < -LATE_GRACE) return null;
  const names = reminder.sessionTypes.map((type) => type.name);
  const subject =
    names.length === 1
      ? `${names[0]} opens`
      : `${names.slice(0, -1).join(', ')} and ${names.at(-1)} open`;
  const minutes = Math.max(0, Math.round(left / MINUTE));
  return minutes === 0 ? `${subject} now` : `${subject} in ${formatLead(minutes)}`;
}

/** A rule with notes, as the rule reminder banner shows it. */
export type ReminderNote = { description: string; notes: string | null };

/**
 * The body: the rule reminders take turns in the banner's order, one per notification
 * (`sequence` counts the notifications this browser has shown), wrapping around.
 */
export function reminderBody(notes: readonly ReminderNote[], sequence: number): string {
  if (notes.length === 0) return 'Add notes to your trading rules to see them in your reminders.';
  const note = notes[((sequence % notes.length) + notes.length) % notes.length];
  return note ? `${note.description}\n${note.notes ?? ''}`.trim() : '';
}
