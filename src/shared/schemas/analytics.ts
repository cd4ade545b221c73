import { z } from '../zod.ts';
import { calendarDate } from './common.ts';

/**
 * `GET /api/analytics`. With `from` and/or `to` (calendar days, both included) every figure
 * covers that range. Without either, `overallCompliance` covers the last 30 calendar days
 * ending on `today`, and the rule and monthly figures cover all history. `today` is the
 * trader's own local day, which the app always sends; a caller that leaves it out gets the day
 * in UTC (the server knows no trader's time zone).
 */
export const analyticsQuerySchema = z
  .strictObject({
    from: z.optional(calendarDate('from')),
    to: z.optional(calendarDate('to')),
    today: z.optional(calendarDate('today')),
  })
  .check(
    z.refine((query) => !query.from || !query.to || query.from <= query.to, {
      message: 'from must not be after to',
      path: ['from'],
    }),
  );
export type AnalyticsQueryInput = z.input<typeof analyticsQuerySchema>;
export type AnalyticsQuery = z.output<typeof analyticsQuerySchema>;

export const ruleComplianceSchema = z.object({
  ruleId: z.int(),
  /** The rule as it read in its most recent session (history survives edits and deletions). */
  description: z.string(),
  /** `round(100 × followedCount / totalCount)`. */
  complianceRate: z.int(),
  /** Sessions in which the rule was followed. */
  followedCount: z.int(),
  /** Sessions whose checklist held the rule. */
  totalCount: z.int(),
});
export type RuleCompliance = z.infer<typeof ruleComplianceSchema>;

export const monthlyTrendSchema = z.object({
  /** `Jan 2026`. */
  month: z.string(),
  /** `2026-01`: for sorting and keys. */
  monthKey: z.string(),
  /** Rounded mean of the ratings of the month's sessions. */
  averageCompliance: z.int(),
  totalSessions: z.int(),
});
export type MonthlyTrend = z.infer<typeof monthlyTrendSchema>;

export const analyticsSchema = z.object({
  /** `round(100 × followed items / all items)` over the sessions in the window; 0 when none. */
  overallCompliance: z.int(),
  /** The counts behind `overallCompliance`: the dashboard's 'Rules Followed' followed/total. */
  followedCount: z.int(),
  totalCount: z.int(),
  /** Highest rate first (then the rule's id), as the chart and the dashboard show them. */
  ruleCompliance: z.array(ruleComplianceSchema),
  /** Oldest month first; months without sessions are left out. */
  monthlyTrends: z.array(monthlyTrendSchema),
});
export type Analytics = z.infer<typeof analyticsSchema>;
