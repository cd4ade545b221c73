import { z } from '../zod.ts';
import { COMPLIANCE_BAND_NAMES } from '../compliance.ts';
import { calendarDate } from './common.ts';
import { NO_WEAKEST_RULE } from '../weakest-rule.ts';

/** The widest calendar one request may ask for: a leap year. */
export const CALENDAR_MAX_DAYS = 366;

/** Days from `from` to `to`, both included (1 for one day). */
export function daysInRange(from: string, to: string): number {
  return (
    Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1
  );
}

const runSchema = z.object({
  /** The run ending at the trader's latest session; 0 when the latest session misses it. */
  current: z.int(),
  /** The longest run in all the trader's history. */
  longest: z.int(),
});

export const ruleStreakSchema = z.object({
  ruleId: z.int(),
  /** The rule as it reads now. */
  description: z.string(),
  /**
   * The sessions that held the rule, counted back from the latest of them, while the rule was
   * followed. Sessions whose checklist did not hold the rule neither extend nor break the run.
   */
  current: z.int(),
});
export type RuleStreak = z.infer<typeof ruleStreakSchema>;

/** `GET /api/discipline/streaks`: runs over the trader's sessions ordered by (date, id). */
export const streaksSchema = z.object({
  /** Sessions rated 100%. */
  perfect: runSchema,
  /** Sessions rated 90% or more (the green band). */
  excellent: runSchema,
  /** Every current rule of the trader, in the trader's rule order. */
  rules: z.array(ruleStreakSchema),
});
export type Streaks = z.infer<typeof streaksSchema>;
export const streaksResponseSchema = z.object({ streaks: streaksSchema });

/** `GET /api/discipline/weakest-rule?today=`: the 30 days ending on the trader's today. */
export const weakestRuleQuerySchema = z.strictObject({
  today: calendarDate('today', "today is required: the trader's local day, like 2026-03-14"),
});
export type WeakestRuleQuery = z.infer<typeof weakestRuleQuerySchema>;

export const weakestRuleSchema = z.object({
  ruleId: z.int(),
  /** The rule as it reads now. */
  description: z.string(),
  /** Sessions in the window in which the rule was broken (at least 1). */
  brokenCount: z.int(),
  followedCount: z.int(),
  /** Sessions in the window whose checklist held the rule. */
  totalCount: z.int(),
  /** `round(100 × followedCount / totalCount)`, half up. */
  complianceRate: z.int(),
});
export type WeakestRule = z.infer<typeof weakestRuleSchema>;
/** Why a window has no weakest rule: nothing checked, none broken, or only rules deleted since. */
export const noWeakestRuleSchema = z.enum(NO_WEAKEST_RULE);
export const weakestRuleResponseSchema = z.object({
  weakestRule: z.nullable(weakestRuleSchema),
  /** Read with the rule, from the same items; null when there is a weakest rule. */
  whyNoWeakestRule: z.nullable(noWeakestRuleSchema),
});
export type WeakestRuleAnswer = z.infer<typeof weakestRuleResponseSchema>;

/** `GET /api/discipline/calendar?from=&to=`: both days included, at most 366 days. */
export const calendarQuerySchema = z
  .strictObject({
    from: calendarDate('from'),
    to: calendarDate('to'),
  })
  .check(
    z.refine((query) => query.from <= query.to, {
      message: 'from must not be after to',
      path: ['from'],
    }),
    z.refine((query) => daysInRange(query.from, query.to) <= CALENDAR_MAX_DAYS, {
      message: `The calendar covers at most ${CALENDAR_MAX_DAYS} days`,
      path: ['to'],
    }),
  );
export type CalendarQueryInput = z.input<typeof calendarQuerySchema>;
export type CalendarQuery = z.output<typeof calendarQuerySchema>;

export const calendarDaySchema = z.object({
  /** `YYYY-MM-DD`. */
  date: z.string(),
  sessionCount: z.int(),
  /**
   * `round(100 × followed items / all items)` of the day's sessions, half up, as the 30-day
   * figure is defined; 0 when the day's sessions held no checklist item.
   */
  complianceRating: z.int(),
  band: z.enum(COMPLIANCE_BAND_NAMES),
});
export type CalendarDay = z.infer<typeof calendarDaySchema>;
/** Only the days with sessions, oldest first. */
export const calendarResponseSchema = z.object({ days: z.array(calendarDaySchema) });
