import { useState } from 'react';
import { DEFAULT_REMINDER_INTERVAL_MINUTES, REMINDER_INTERVAL_MINUTES } from '#shared/constants.ts';

export type ReminderIntervalMinutes = (typeof REMINDER_INTERVAL_MINUTES)[number];

const STORAGE_KEY = 'rulekeeper.reminderIntervalMinutes';

export function isReminderInterval(value: number): value is ReminderIntervalMinutes {
  return (REMINDER_INTERVAL_MINUTES as readonly number[]).includes(value);
}

/** Storage can be unavailable or hold anything: an unusable value means the default. */
function readStoredInterval(): ReminderIntervalMinutes {
  try {
    const stored = Number(window.localStorage.getItem(STORAGE_KEY));
    return isReminderInterval(stored) ? stored : DEFAULT_REMINDER_INTERVAL_MINUTES;
  } catch {
    return DEFAULT_REMINDER_INTERVAL_MINUTES;
  }
}

/** The reminder banner's interval, remembered in this browser. */
export function useReminderInterval() {
  const [minutes, setMinutes] = useState(readStoredInterval);

  const choose = (next: ReminderIntervalMinutes) => {
    setMinutes(next);
    try {
      window.localStorage.setItem(STORAGE_KEY, String(next));
    } catch {
      // Not remembering the choice is harmless: it still applies until the page is left.
    }
  };

  return [minutes, choose] as const;
}
