import { z } from '../zod.ts';
import { NO_WEAKEST_RULE_TEXT, whyNoWeakestRule } from '../weakest-rule.ts';
import { idParam } from './common.ts';

/** The 30-day compliance below which a trader is alerted (at most once a week). */
export const LOW_COMPLIANCE_THRESHOLD = 70;

/** How many notices `GET /api/notices` answers with, newest first. */
export const NOTICES_PAGE_SIZE = 10;

const runSchema = z.object({ current: z.int(), longest: z.int() });

/** A session the report points to: the best or the worst of the week. No money, ever. */
export const reportSessionSchema = z.object({
  id: z.int(),
  name: z.string(),
  /** The session's calendar day, `YYYY-MM-DD`. */
  date: z.string(),
  complianceRating: z.int(),
  /** The result in R, when the trader recorded one. */
  resultR: z.nullable(z.number()),
});
export type ReportSession = z.infer<typeof reportSessionSchema>;

/** The figures of one weekly discipline report, as written when the week had ended. */
export const weeklyReportSchema = z.object({
  /** The ISO week's Monday and Sunday (session dates), both included. */
  weekStart: z.string(),
  weekEnd: z.string(),
  sessionCount: z.int(),
  followedCount: z.int(),
  totalCount: z.int(),
  /** `round(100 × followed items / all items)` of the week's sessions; 0 without items. */
  compliance: z.int(),
  /** Runs at 100% and at ≥ 90% over all sessions, as they stood when the report was written. */
  streaks: z.object({ perfect: runSchema, excellent: runSchema }),
  /**
   * Checklist items of the 30 days ending on the week's Sunday: none means nothing was checked,
   * so no rule was broken, nor followed. Absent from reports written before 2026-12-07.
   */
  weakestRuleItemCount: z.optional(z.int()),
  /**
   * Those of them followed: fewer, with no weakest rule, means only rules deleted since were
   * broken. Absent from reports written before it was kept (2026-12-07, with decision 81).
   */
  weakestRuleFollowedCount: z.optional(z.int()),
  /** The rule most often broken in the 30 days ending on the week's Sunday; null when none. */
  weakestRule: z.nullable(
    z.object({
      ruleId: z.int(),
      description: z.string(),
      brokenCount: z.int(),
      totalCount: z.int(),
      complianceRate: z.int(),
    }),
  ),
  /** Highest rating, then highest result in R; null without sessions. */
  bestSession: z.nullable(reportSessionSchema),
  /** Lowest rating, then lowest result in R; null with fewer than two sessions. */
  worstSession: z.nullable(reportSessionSchema),
});
export type WeeklyReport = z.infer<typeof weeklyReportSchema>;

/**
 * The weakest rule's line when there is none: nothing checked, nothing broken, or only rules
 * deleted since broken. A report written before its counts were kept says 'None broken'.
 */
export function noWeakestRuleText({
  weakestRuleItemCount: totalCount,
  weakestRuleFollowedCount: followedCount = totalCount,
}: WeeklyReport): string {
  if (totalCount === undefined || followedCount === undefined) return 'None broken';
  return NO_WEAKEST_RULE_TEXT[whyNoWeakestRule({ followedCount, totalCount })];
}

/** The figure behind a low-compliance alert: the 30 days ending on `to`. */
export const lowComplianceAlertSchema = z.object({
  from: z.string(),
  to: z.string(),
  compliance: z.int(),
  followedCount: z.int(),
  totalCount: z.int(),
  threshold: z.int(),
});
export type LowComplianceAlert = z.infer<typeof lowComplianceAlertSchema>;

const noticeBase = {
  id: z.int(),
  /** `2026-W47` for a report, the day `2026-11-23` for an alert. */
  periodKey: z.string(),
  createdAt: z.string(),
  /** When the trader dismissed it; null while unread. */
  readAt: z.nullable(z.string()),
};

export const noticeSchema = z.discriminatedUnion('kind', [
  z.object({ ...noticeBase, kind: z.literal('weekly_report'), report: weeklyReportSchema }),
  z.object({
    ...noticeBase,
    kind: z.literal('low_compliance'),
    alert: lowComplianceAlertSchema,
  }),
]);
export type Notice = z.infer<typeof noticeSchema>;

/** `GET /api/notices`: the latest few, newest first, and how many of all are unread. */
export const noticesResponseSchema = z.object({
  notices: z.array(noticeSchema),
  unreadCount: z.int(),
});
export type NoticesResponse = z.infer<typeof noticesResponseSchema>;

export const noticeIdParamsSchema = z.strictObject({ id: idParam('Notice id') });
export const noticeResponseSchema = z.object({ notice: noticeSchema });
