// The heavy trader the bench measures as: one plan, written partly in bulk (seed-bulk.ts) and
// partly through the API (seed.ts), so both halves are the same kind of journal.

export const BENCH_ACCOUNT = {
  username: 'bench_trader',
  password: 'bench-password',
  fullName: 'Bench Trader',
  email: 'bench@example.com',
};
export const RULE_COUNT = 20;
export const SESSION_COUNT = 5000;
/** One session in this many carries a chart screenshot: those go through the API. */
export const SCREENSHOT_EVERY = 20;

export const ruleText = (position: number) => ({
  description: `Rule number ${position + 1}`,
  // Half the rules have notes, as the dashboard's reminders read them.
  notes: position % 2 ? null : `Reminder for rule ${position + 1}: wait for the close.`,
});

export interface PlannedSession {
  name: string;
  date: string;
  sessionTypeId: number;
  /** One flag per rule, in the rules' order. */
  followed: boolean[];
  notes: string | null;
  hasScreenshot: boolean;
}

/** `YYYY-MM-DD`, `days` before `today`'s UTC day. */
export const dayBefore = (today: Date, days: number) =>
  new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate() - days))
    .toISOString()
    .slice(0, 10);

/**
 * Session `index` (0 is the newest): two or three a day back from today, five and a half
 * years for 5,000; 12 to 20 of the 20 rules followed (60% to 100%), spread over the checklist,
 * so every rating band has sessions and the filtered page finds some.
 */
export function planSession(index: number, today: Date): PlannedSession {
  const followedCount = 12 + ((index * 3) % 9);
  return {
    name: `Session ${index}`,
    date: dayBefore(today, Math.floor(index * 0.4)),
    sessionTypeId: (index % 5) + 1,
    followed: Array.from({ length: RULE_COUNT }, (_, i) => (i * 7 + index) % 20 < followedCount),
    notes: index % 3 ? null : `Notes of session ${index}: waited for the retest.`,
    hasScreenshot: index % SCREENSHOT_EVERY === 0,
  };
}
