import { z } from '../zod.ts';
import { analyticsQuerySchema, analyticsSchema } from './analytics.ts';
import { calendarDate, idParam, pageQueryFields, pageSchema } from './common.ts';
import { noWeakestRuleSchema, streaksSchema } from './discipline.ts';

/**
 * The company view (decision 30). An administrator sees the discipline figures of the traders
 * who chose to share them, and nothing else of theirs: no notes, screenshots, money results or
 * e-mail address. The API leaves them out; the screen has nothing to hide.
 */

export const TEAM_SORTS = ['name', 'compliance', 'trend', 'streak'] as const;
export type TeamSort = (typeof TEAM_SORTS)[number];
export const SORT_ORDERS = ['asc', 'desc'] as const;
export type SortOrder = (typeof SORT_ORDERS)[number];

/** The order a column sorts in when first chosen: names A to Z, figures best first. */
export const DEFAULT_ORDER: Record<TeamSort, SortOrder> = {
  name: 'asc',
  compliance: 'desc',
  trend: 'desc',
  streak: 'desc',
};

/**
 * `GET /api/admin/team`: a page at a time (`limit`, `cursor`, as every list that grows), in the
 * asked order. A company may have thousands of sharing traders.
 */
export const teamQuerySchema = z.strictObject({
  ...pageQueryFields,
  /** The administrator's local day: the 30-day windows end on it. */
  today: calendarDate('today', 'today is required: your local day, like 2026-03-14'),
  sort: z._default(
    z.enum(TEAM_SORTS, { error: `sort must be one of ${TEAM_SORTS.join(', ')}` }),
    'name',
  ),
  /** Without it, the column's own order (`DEFAULT_ORDER`). */
  order: z.optional(z.enum(SORT_ORDERS, { error: 'order must be asc or desc' })),
});
export type TeamQueryInput = z.input<typeof teamQuerySchema>;
export type TeamQuery = z.output<typeof teamQuerySchema>;

/** The rule the trader broke most often in the 30 days, as the team list shows it. */
export const teamWeakestRuleSchema = z.object({
  description: z.string(),
  /** `round(100 × followed / sessions that held it)` over the 30 days. */
  complianceRate: z.int(),
});

/** One sharing trader in the team list: these keys and no others. */
export const teamMemberSchema = z.strictObject({
  id: z.int(),
  username: z.string(),
  fullName: z.string(),
  /**
   * The dashboard's figure: `round(100 × followed items / all items)` over the sessions of the
   * 30 days ending on `today`; null when there was no session in them (not a 0%).
   */
  compliance: z.nullable(z.int()),
  /** Sessions in those 30 days. */
  sessionCount: z.int(),
  /** The same figure over the 30 days before them; null without a session. */
  previousCompliance: z.nullable(z.int()),
  previousSessionCount: z.int(),
  /** `compliance − previousCompliance` in points; null when either is null. */
  trend: z.nullable(z.int()),
  /** The current run of sessions at 90% or more. */
  currentStreak: z.int(),
  weakestRule: z.nullable(teamWeakestRuleSchema),
  /** Read with the weakest rule, from the same items; null when there is one. */
  whyNoWeakestRule: z.nullable(noWeakestRuleSchema),
});
export type TeamMember = z.infer<typeof teamMemberSchema>;

/** A page of the team list, and where the next page starts (null on the last). */
export const teamSchema = pageSchema('traders', teamMemberSchema);
export type Team = z.infer<typeof teamSchema>;

export const teamTraderParamsSchema = z.strictObject({ id: idParam('User id') });

/** `GET /api/admin/team/{id}/analytics`: the range parameters of `GET /api/analytics`. */
export const teamAnalyticsQuerySchema = analyticsQuerySchema;

export const teamTraderSchema = z.strictObject({
  id: z.int(),
  username: z.string(),
  fullName: z.string(),
});
export type TeamTrader = z.infer<typeof teamTraderSchema>;

/** The drill-down: the trader's analytics figures, as `GET /api/analytics` gives them, and streaks. */
export const teamTraderAnalyticsSchema = z.strictObject({
  trader: teamTraderSchema,
  analytics: analyticsSchema,
  streaks: streaksSchema,
});
export type TeamTraderAnalytics = z.infer<typeof teamTraderAnalyticsSchema>;
