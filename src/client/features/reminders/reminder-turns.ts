const COUNT_KEY = 'rulekeeper.sessionReminderCount';
const LAST_KEY = 'rulekeeper.sessionReminderLast';

/**
 * The turn of the reminder `tag`: which rule note it shows, the notes taken one after the
 * other across reminders; or null when a tab of this browser has shown it already. Each open
 * tab (and the installed app) plans every reminder, and a tab in the background fires late
 * (its timers are throttled, up to a minute): taking a turn of its own, it replaced the
 * reminder with the next note (so with two notes the trader only ever saw the second), and
 * brought it back after the trader had dismissed it. Storage unavailable (private mode): the
 * first note.
 */
export function takeTurn(
  tag: string,
  storage: () => Pick<Storage, 'getItem' | 'setItem'> = () => window.localStorage,
): number | null {
  try {
    const store = storage();
    if (store.getItem(LAST_KEY) === tag) return null;
    const count = Number(store.getItem(COUNT_KEY)) || 0;
    store.setItem(COUNT_KEY, String(count + 1));
    store.setItem(LAST_KEY, tag);
    return count;
  } catch {
    return 0;
  }
}
