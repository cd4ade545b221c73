import type { Random } from './random.ts';

/**
 * What the demo trader's journal holds, decided before anything is written: pure data, so the
 * same day always gives the same journal.
 */

export interface DemoRule {
  description: string;
  /** Rules with notes come back as the dashboard's reminders. */
  notes?: string;
  /** How much easier (+) or harder (−) than average this rule is to keep. */
  ease: number;
  /** How much less likely it is kept on a bad day (0.3 unless said). */
  badDaySlip?: number;
  /** What the trader wrote on a session where the rule was broken. */
  lapse: string;
  /** Part of the way through the six months when the trader adopted it (0: from the start). */
  adoptedAt?: number;
}

export const DEMO_RULES: DemoRule[] = [
  {
    description: 'Follow the stop loss on every trade',
    notes: 'Set it before entering and never move it further away.',
    ease: 0.06,
    lapse: 'Moved my stop on the second trade and the loss doubled.',
  },
  {
    description: 'Risk at most 1% of the account per trade',
    notes: 'Size the position from the stop distance, not from how sure the setup feels.',
    ease: 0.04,
    lapse: 'Sized up on a "sure thing": well over 1% at risk.',
  },
  {
    description: 'No trades in the first 15 minutes after the open',
    ease: -0.04,
    lapse: 'Jumped in during the opening spike instead of waiting.',
  },
  {
    description: 'Wait for the candle to close before entering',
    notes: 'A wick through the level is not a breakout.',
    ease: -0.07,
    lapse: 'Entered before the candle closed and got wicked out.',
  },
  {
    description: 'No revenge trades after a loss',
    notes: 'After a losing trade, step away from the screen for ten minutes.',
    ease: -0.02,
    badDaySlip: 0.6,
    lapse: 'Took a revenge trade right after the first loss.',
  },
  {
    description: 'Check the economic calendar before the session',
    ease: 0.02,
    lapse: 'Missed a data release on the calendar and got caught in the spike.',
  },
  {
    description: 'Max three trades per session',
    ease: -0.03,
    lapse: 'Overtraded: five trades before lunch.',
    adoptedAt: 0.3,
  },
  {
    description: 'Log every trade in the journal the same day',
    ease: 0,
    lapse: 'Left the journal for tomorrow again.',
    adoptedAt: 0.3,
  },
];

const GOOD_SESSION_NOTES = [
  'Patient session: two clean setups, both by the plan.',
  'Quiet market. Sat on my hands, and that was the right call.',
  'Stuck to the plan even after an early loss.',
  'Took partial profits at 1R as planned and let the rest run.',
  'One trade, one target, done for the day.',
];

/** The seeded market sessions by name (migration 0001), with what a trader calls a session in each. */
const SESSION_KINDS = [
  {
    type: 'London',
    weight: 4,
    names: ['London open', 'London breakout', 'EUR/USD London', 'GBP/USD London open'],
  },
  { type: 'New York', weight: 3, names: ['NY session', 'NY open drive', 'US data day'] },
  { type: 'London–New York overlap', weight: 1.5, names: ['London–NY overlap', 'Overlap scalps'] },
  { type: 'Tokyo', weight: 1, names: ['Asia range', 'Tokyo session', 'USD/JPY Asia'] },
  { type: 'Sydney', weight: 0.5, names: ['Sydney open', 'AUD/USD early'] },
] as const;

export type SessionTypeName = (typeof SESSION_KINDS)[number]['type'];
export const SESSION_TYPE_NAMES: SessionTypeName[] = SESSION_KINDS.map((kind) => kind.type);

export interface PlannedSession {
  date: string;
  name: string;
  sessionType: SessionTypeName;
  /** The rules the trader had adopted by then, in the list's order. */
  checklist: { rule: DemoRule; followed: boolean }[];
  notes: string | null;
  hasScreenshot: boolean;
}

/** The screenshots, by how many sessions before the newest: most recent, a few older ones. */
const SCREENSHOT_AGES = [0, 3, 7, 13, 24, 40, 65, 95];

/** `YYYY-MM-DD` of a local day: the trader's calendar, never through UTC. */
function toLocalDay(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/**
 * Weekdays from six months before `today` to `today`, both included: local days, taken at noon
 * so that a daylight-saving change never moves one.
 */
function weekdaysOfLastSixMonths(today: Date): Date[] {
  const days: Date[] = [];
  for (let offset = 0; ; offset += 1) {
    const day = new Date(today.getFullYear(), today.getMonth() - 6, today.getDate() + offset, 12);
    if (toLocalDay(day) > toLocalDay(today)) return days;
    if (day.getDay() !== 0 && day.getDay() !== 6) days.push(day);
  }
}

function pickKind(random: Random) {
  const total = SESSION_KINDS.reduce((sum, kind) => sum + kind.weight, 0);
  let target = random.next() * total;
  for (const kind of SESSION_KINDS) {
    target -= kind.weight;
    if (target < 0) return kind;
  }
  return SESSION_KINDS[0];
}

/**
 * Compliance that improves over the months (about 80% of the rules kept at first, 95% at the
 * end), with a few bad days where everything slips, revenge trading most of all.
 */
function planChecklist(random: Random, progress: number, dayMood: number, isBadDay: boolean) {
  return DEMO_RULES.filter((rule) => progress >= (rule.adoptedAt ?? 0)).map((rule) => {
    const slip = isBadDay ? (rule.badDaySlip ?? 0.3) : 0;
    const p = 0.8 + 0.17 * progress + rule.ease + dayMood - slip;
    return { rule, followed: random.chance(Math.min(0.995, Math.max(0.05, p))) };
  });
}

function planNotes(random: Random, checklist: PlannedSession['checklist']): string | null {
  const lapses = checklist.filter((item) => !item.followed).map((item) => item.rule.lapse);
  if (lapses.length > 0) return random.chance(0.6) ? lapses.slice(0, 2).join(' ') : null;
  return random.chance(0.15) ? random.pick(GOOD_SESSION_NOTES) : null;
}

/** Six months of sessions ending on `today`, oldest first. */
export function planSessions(random: Random, today: Date): PlannedSession[] {
  const days = weekdaysOfLastSixMonths(today);
  const sessions: PlannedSession[] = [];
  days.forEach((day, index) => {
    // Days off: holidays, a dentist, a market not worth trading. Never the newest weekday, so
    // the dashboard's recent cards show a fresh session.
    if (index !== days.length - 1 && random.chance(0.12)) return;
    const progress = index / Math.max(1, days.length - 1);
    const dayMood = random.between(-0.05, 0.05);
    const isBadDay = random.chance(0.05);
    const kinds = random.chance(0.25) ? [SESSION_KINDS[0], SESSION_KINDS[1]] : [pickKind(random)];
    for (const kind of kinds) {
      const checklist = planChecklist(random, progress, dayMood, isBadDay);
      sessions.push({
        date: toLocalDay(day),
        name: random.pick(kind.names),
        sessionType: kind.type,
        checklist,
        notes: planNotes(random, checklist),
        hasScreenshot: false,
      });
    }
  });
  for (const age of SCREENSHOT_AGES) {
    const session = sessions[sessions.length - 1 - age];
    if (session) session.hasScreenshot = true;
  }
  return sessions;
}

/** The demo trader risks this much per session: a result of 1R is this many dollars. */
const RISK_PER_SESSION = 250;

/**
 * A session's result, so that discipline visibly pays: a rule-following session makes about
 * +1R on average, a sloppy one loses, with plenty of noise; one in ten has no result recorded.
 */
export function planResult(
  random: Random,
  checklist: PlannedSession['checklist'],
): { resultR: number; resultMoney: number } | null {
  if (random.chance(0.1)) return null;
  const kept = checklist.filter((item) => item.followed).length / Math.max(1, checklist.length);
  const resultR = Math.round((-1.6 + 2.8 * kept + random.between(-1.2, 1.2)) * 100) / 100;
  return { resultR, resultMoney: Math.round(resultR * RISK_PER_SESSION * 100) / 100 };
}
