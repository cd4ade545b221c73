import { useEffect, useRef } from 'react';
import type { SessionType } from '#shared/schemas/sessions.ts';
import {
  nextReminder,
  reminderBody,
  reminderTitle,
  type ReminderNote,
  type ReminderSettings,
} from '../next-reminder.ts';
import { showNotification } from '#client/lib/notifications.ts';

const COUNT_KEY = 'rulekeeper.sessionReminderCount';

/** How many reminders this browser has shown: the next rule note in turn. */
function takeSequence(): number {
  try {
    const count = Number(window.localStorage.getItem(COUNT_KEY)) || 0;
    window.localStorage.setItem(COUNT_KEY, String(count + 1));
    return count;
  } catch {
    return 0;
  }
}

type SessionRemindersOptions = ReminderSettings & {
  sessionTypes: readonly SessionType[] | undefined;
  /** The rules with notes, in the trader's order. */
  notes: readonly ReminderNote[];
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
  notes,
}: SessionRemindersOptions) {
  // The notes may change at any time; they are read when a reminder is shown, not planned.
  const notesRef = useRef(notes);
  useEffect(() => {
    notesRef.current = notes;
  }, [notes]);
  const idsKey = sessionTypeIds.join(',');

  useEffect(() => {
    if (!sessionTypes || idsKey === '') return;
    const settings = { sessionTypeIds: idsKey.split(',').map(Number), minutesBefore };
    // Reminders at or before this instant are done (or were before the page opened).
    let handledUntil = Date.now();
    let timer: ReturnType<typeof setTimeout> | undefined;

    const plan = () => {
      clearTimeout(timer);
      const next = nextReminder(sessionTypes, settings, new Date(handledUntil));
      if (!next) return;
      timer = setTimeout(
        () => {
          handledUntil = next.remindAt.getTime();
          const title = reminderTitle(next, new Date());
          if (title) {
            const body = reminderBody(notesRef.current, takeSequence());
            void showNotification(title, body, `session-${next.opensAt.toISOString()}`);
          }
          plan();
        },
        Math.max(0, next.remindAt.getTime() - Date.now()),
      );
    };
    const planWhenVisible = () => {
      if (document.visibilityState === 'visible') plan();
    };

    plan();
    document.addEventListener('visibilitychange', planWhenVisible);
    return () => {
      clearTimeout(timer);
      document.removeEventListener('visibilitychange', planWhenVisible);
    };
  }, [sessionTypes, idsKey, minutesBefore]);
}
