import { useEffect, useRef } from 'react';
import type { SessionType } from '#shared/schemas/sessions.ts';
import {
  nextReminder,
  reminderBody,
  reminderTitle,
  type PlannedReminder,
  type ReminderNote,
  type ReminderSettings,
} from '../next-reminder.ts';
import { showNotification } from '#client/lib/notifications.ts';
import { takeTurn } from '../reminder-turns.ts';

/**
 * The longest a timer waits before the plan is made again from the clock. A timer's clock
 * stops while the computer sleeps (macOS, Linux), so one set hours ahead fired hours late, the
 * reminder dropped as past, if the window was still visible when it woke (no visibility change
 * to plan again).
 */
const LONGEST_WAIT_MS = 60_000;

type SessionRemindersOptions = ReminderSettings & {
  sessionTypes: readonly SessionType[] | undefined;
  /**
   * Asked as a reminder is due: the rules with notes (in the trader's order) to take its note
   * from, or null when the login and its choice no longer want it. A tab in the background
   * asks the server nothing meanwhile: another tab may have logged out or in as someone else,
   * the trader may have turned reminders off or changed their notes on another device.
   */
  notesIfWanted: (reminder: PlannedReminder) => Promise<readonly ReminderNote[] | null>;
};

/**
 * While the app is open (a tab or the installed app), one timer waits for the next reminder of
 * the chosen session types and shows it. Timers sleep in background tabs, so the plan is made
 * again whenever the page becomes visible: a reminder missed meanwhile is shown late, while
 * its session has not yet opened. Not server push (docs/decisions/0029).
 */
export function useSessionReminders({
  sessionTypes,
  sessionTypeIds,
  minutesBefore,
  notesIfWanted,
}: SessionRemindersOptions) {
  const latest = useRef(notesIfWanted);
  useEffect(() => {
    latest.current = notesIfWanted;
  }, [notesIfWanted]);
  const idsKey = sessionTypeIds.join(',');

  useEffect(() => {
    if (!sessionTypes || idsKey === '') return;
    const settings = { sessionTypeIds: idsKey.split(',').map(Number), minutesBefore };
    // Reminders at or before this instant are done (or were before the page opened).
    let handledUntil = Date.now();
    let timer: ReturnType<typeof setTimeout> | undefined;
    // Set as the scheduler goes (a logout, another login, reminders turned off): a reminder
    // already on its way, waiting for the server's answers, is then dropped, not shown after.
    let isStopped = false;

    const show = async (next: PlannedReminder) => {
      // Worded as it is due; shown once the login is known to still want it.
      const title = reminderTitle(next, new Date());
      if (!title) return;
      const notes = await latest.current(next);
      if (!notes || isStopped) return;
      const tag = `session-${next.opensAt.toISOString()}`;
      const turn = takeTurn(tag);
      if (turn === null) return;
      await showNotification(title, reminderBody(notes, turn), tag);
    };
    const plan = () => {
      clearTimeout(timer);
      const next = nextReminder(sessionTypes, settings, new Date(handledUntil));
      if (!next) return;
      const wait = next.remindAt.getTime() - Date.now();
      if (wait > LONGEST_WAIT_MS) {
        timer = setTimeout(plan, LONGEST_WAIT_MS);
        return;
      }
      timer = setTimeout(
        () => {
          handledUntil = next.remindAt.getTime();
          void show(next);
          plan();
        },
        Math.max(0, wait),
      );
    };
    const planWhenVisible = () => {
      if (document.visibilityState === 'visible') plan();
    };

    plan();
    document.addEventListener('visibilitychange', planWhenVisible);
    return () => {
      isStopped = true;
      clearTimeout(timer);
      document.removeEventListener('visibilitychange', planWhenVisible);
    };
  }, [sessionTypes, idsKey, minutesBefore]);
}
