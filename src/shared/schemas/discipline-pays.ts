import { z } from '../zod.ts';
import { analyticsQuerySchema } from './analytics.ts';

/**
 * `GET /api/analytics/discipline-pays`: the same parameters as `GET /api/analytics`. With `from`
 * and/or `to` every figure covers that range (both days included); without them, all history,
 * like the analytics' rule and monthly figures.
 */
export const disciplinePaysQuerySchema = analyticsQuerySchema;
export type DisciplinePaysQueryInput = z.input<typeof disciplinePaysQuerySchema>;
export type DisciplinePaysQuery = z.output<typeof disciplinePaysQuerySchema>;

/** Fewer sessions than this on a side, and the side carries no average: too little to conclude. */
export const DISCIPLINE_PAYS_MIN_SESSIONS = 5;
/** The scatter holds at most this many sessions: the latest of the range. */
export const DISCIPLINE_PAYS_POINTS_LIMIT = 500;

/**
 * One kind of result (money or R) over a set of sessions. Amounts are in units (12.5 is 12.50),
 * exact: the server sums integer hundredths. `average` is the sum over the count rounded half
 * away from zero to hundredths, and null when `insufficient`.
 */
export const resultFigureSchema = z.object({
  /** Sessions with this kind of result. */
  sessions: z.int(),
  total: z.number(),
  average: z.nullable(z.number()),
  /** Fewer than `DISCIPLINE_PAYS_MIN_SESSIONS` sessions: no average is given. */
  insufficient: z.boolean(),
});
export type ResultFigure = z.infer<typeof resultFigureSchema>;

export const resultBandSchema = z.object({
  /** green ≥ 90, amber 75–89, red < 75: the session's compliance rating. */
  band: z.enum(['green', 'amber', 'red']),
  minRating: z.int(),
  maxRating: z.int(),
  r: resultFigureSchema,
  /** Null in privacy mode. */
  money: z.nullable(resultFigureSchema),
});
export type ResultBand = z.infer<typeof resultBandSchema>;

/** One side of a rule: the sessions in which it was followed, or broken. */
export const ruleSideSchema = z.object({
  sessions: z.int(),
  /** Null when the side has fewer than `DISCIPLINE_PAYS_MIN_SESSIONS` sessions. */
  average: z.nullable(z.number()),
});

/** A rule's sessions of one kind of result, split by whether it was followed. */
export const ruleSplitSchema = z.object({
  followed: ruleSideSchema,
  broken: ruleSideSchema,
  /** `followed.average − broken.average` (of the rounded averages); null when `insufficient`. */
  difference: z.nullable(z.number()),
  /** Either side has fewer than `DISCIPLINE_PAYS_MIN_SESSIONS` sessions. */
  insufficient: z.boolean(),
});
export type RuleSplit = z.infer<typeof ruleSplitSchema>;

export const ruleResultSchema = z.object({
  ruleId: z.int(),
  /** The rule as it read in its most recent session of the range. */
  description: z.string(),
  r: ruleSplitSchema,
  /** Null in privacy mode. */
  money: z.nullable(ruleSplitSchema),
  /**
   * The difference the rule is ranked by: R when it has enough sessions (R compares across
   * accounts and currencies), else money; null when neither has (ranked last).
   */
  rankedBy: z.nullable(z.enum(['r', 'money'])),
});
export type RuleResult = z.infer<typeof ruleResultSchema>;

/** One session of the scatter. */
export const resultPointSchema = z.object({
  sessionId: z.int(),
  /** The session's calendar day, `YYYY-MM-DD`. */
  date: z.string(),
  rating: z.int(),
  resultR: z.nullable(z.number()),
  /** Null in privacy mode. */
  resultMoney: z.nullable(z.number()),
});
export type ResultPoint = z.infer<typeof resultPointSchema>;

export const disciplinePaysSchema = z.object({
  /** The trader's currency (ISO 4217), for the money figures. */
  currency: z.string(),
  /** Privacy mode: every money figure is null, R only. */
  hideMoney: z.boolean(),
  /** `DISCIPLINE_PAYS_MIN_SESSIONS`: a side needs this many sessions for an average. */
  minSessions: z.int(),
  /**
   * Sessions of the range with a result: money and/or R, or, in privacy mode, R (a session with
   * only a money result is left out of every figure then).
   */
  sessionCount: z.int(),
  /** Always the three bands, highest first. */
  bands: z.array(resultBandSchema),
  /** The rule that costs most first: the greatest difference (followed − broken). */
  rules: z.array(ruleResultSchema),
  /** The latest `pointsLimit` sessions with a result, latest first. */
  points: z.array(resultPointSchema),
  pointsLimit: z.int(),
});
export type DisciplinePays = z.infer<typeof disciplinePaysSchema>;
