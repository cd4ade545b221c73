import { z } from '../zod.ts';
import { COMPLIANCE_BAND_NAMES } from '../compliance.ts';
import {
  BULK_DELETE_MAX,
  MAX_RULES_PER_USER,
  SESSION_NAME_MAX_LENGTH,
  SESSION_NOTES_MAX_LENGTH,
} from '../constants.ts';
import {
  calendarDate,
  idParam,
  idSchema,
  imageDataUrl,
  optionalText,
  pageQueryFields,
  pageSchema,
  requiredText,
} from './common.ts';
import { resultMoneySchema, resultRSchema } from './results.ts';

/** A market session a trading session can belong to; the list is fixed and shared by all users. */
export const sessionTypeSchema = z.object({
  id: z.int(),
  name: z.string(),
  /** `HH:MM` in UTC. */
  startTime: z.string(),
  endTime: z.string(),
  description: z.nullable(z.string()),
});
export type SessionType = z.infer<typeof sessionTypeSchema>;

export const sessionTypesResponseSchema = z.object({ sessionTypes: z.array(sessionTypeSchema) });

/** One checklist item of a session: the rule as it read when the session was saved. */
export const sessionRuleResultSchema = z.object({
  ruleId: z.int(),
  /** The rule's description at the time the session was saved (history survives edits). */
  description: z.string(),
  followed: z.boolean(),
});
export type SessionRuleResult = z.infer<typeof sessionRuleResultSchema>;

/** A session as lists show it. */
export const sessionSummarySchema = z.object({
  id: z.int(),
  name: z.string(),
  /** The calendar day the trader chose, as that day's midnight UTC. */
  date: z.string(),
  sessionTypeId: z.nullable(z.int()),
  /** `round(100 × followed / total)`, computed by the server. */
  complianceRating: z.int(),
  followedCount: z.int(),
  totalCount: z.int(),
  /** Opaque reference of the screenshot: `/api/screenshots/{ref}` (and `/thumbnail`). */
  screenshotPath: z.nullable(z.string()),
  /**
   * The result in the trader's currency, if recorded; always null while the trader hides
   * money amounts.
   */
  resultMoney: z.nullable(z.number()),
  /** The result in R (multiples of the planned risk), if recorded. */
  resultR: z.nullable(z.number()),
  createdAt: z.string(),
});
export type SessionSummary = z.infer<typeof sessionSummarySchema>;

/** A session with its checklist and notes, as the details page shows it. */
export const sessionSchema = z.extend(sessionSummarySchema, {
  notes: z.nullable(z.string()),
  /** The checklist in the order it was shown when the session was recorded. */
  rulesFollowed: z.array(sessionRuleResultSchema),
  /** How many times the session was written; an edit may name the one it was made from. */
  version: z.int(),
});
export type Session = z.infer<typeof sessionSchema>;

const checklistItemSchema = z.strictObject({
  ruleId: idSchema('Rule id'),
  followed: z.boolean({ error: 'followed must be true or false' }),
});

function checklist(repeatedMessage: string) {
  return z.array(checklistItemSchema, { error: 'rulesFollowed must be a list of rules' }).check(
    z.maxLength(MAX_RULES_PER_USER, repeatedMessage),
    z.refine((items) => new Set(items.map((item) => item.ruleId)).size === items.length, {
      message: repeatedMessage,
    }),
  );
}

const screenshotData = imageDataUrl('The screenshot');

/**
 * A session is dated on the trader's today or before (docs/decisions/0070): the server's words
 * for a later day, and the dialog's for a day the server would still take (it knows no time
 * zone, so it takes the UTC day after its own).
 */
export const DATE_IN_FUTURE = 'Date cannot be in the future';

/**
 * A create repeated after its answer was lost, for a session edited since on another device
 * (decision 0080): the edit stays.
 */
export const SESSION_SAVED_THEN_EDITED =
  'This session was saved, then changed elsewhere. Close this dialog and open the session from History to see it.';

/** An edit made from a version of the session that has been written since (decision 0081). */
export const SESSION_CHANGED_ELSEWHERE =
  'This session was changed elsewhere since you opened it. Close this dialog and open the session again to see those changes.';

const sessionFields = {
  name: requiredText({
    label: 'Session name',
    max: SESSION_NAME_MAX_LENGTH,
    requiredMessage: 'Session name is required',
  }),
  date: calendarDate('Date', 'Date is required'),
  sessionTypeId: z.pipe(
    z.nullish(idSchema('Session type')),
    z.number({ error: 'Session type is required' }),
  ),
  /** Blank notes are stored as none (null). */
  notes: z.nullable(
    optionalText({ label: 'Notes', max: SESSION_NOTES_MAX_LENGTH, isMultiLine: true }),
  ),
};

/** A session's identity: random, chosen by the client that records it or by the server. */
export const sessionUidSchema = z
  .string({ error: 'uid must be text' })
  .check(z.regex(/^[A-Za-z0-9_-]{8,64}$/, 'uid must be 8 to 64 letters, digits, - or _'));

/**
 * `POST /api/sessions`. The checklist lists each of the trader's current rules once, unticked
 * ones as not followed (the server checks the rules under the trader's lock); the rating is
 * computed by the server, and a `complianceRating` the client sends is ignored. A `uid` the
 * trader's sessions already have names the session an earlier try of this create made, whose
 * answer was lost: that session is made as this one says (docs/decisions/0080).
 */
export const createSessionSchema = z.strictObject({
  uid: z.optional(sessionUidSchema),
  ...sessionFields,
  rulesFollowed: checklist('rulesFollowed must list each rule at most once'),
  screenshotData: z.nullish(screenshotData),
  resultMoney: z.nullish(resultMoneySchema),
  resultR: z.nullish(resultRSchema),
  /** Sent by clients as the product was observed; the server computes its own. */
  complianceRating: z.optional(z.unknown()),
});
export type CreateSessionInput = z.input<typeof createSessionSchema>;
export type CreateSessionData = z.output<typeof createSessionSchema>;

/**
 * `PUT /api/sessions/{id}`: name, date, type and notes replaced; the followed flag of each of
 * the session's own checklist items (every item once; their texts stay as saved);
 * `screenshotData` a new image, `null` to remove the screenshot, absent to keep it.
 */
export const updateSessionSchema = z.strictObject({
  /**
   * The session's `version` the edit was made from: refused (409) when it has been written
   * since. Absent (a client as the product was observed): the last write wins.
   */
  version: z.optional(idSchema('version')),
  ...sessionFields,
  rulesFollowed: checklist("rulesFollowed must list each of the session's rules exactly once"),
  screenshotData: z.optional(z.nullable(screenshotData)),
  /** Absent keeps the recorded result (a trader who hides money never sees it), null clears it. */
  resultMoney: z.optional(z.nullable(resultMoneySchema)),
  resultR: z.optional(z.nullable(resultRSchema)),
  complianceRating: z.optional(z.unknown()),
});
export type UpdateSessionInput = z.input<typeof updateSessionSchema>;
export type UpdateSessionData = z.output<typeof updateSessionSchema>;

export const sessionIdParamsSchema = z.strictObject({ id: idParam('Session id') });

/** `GET /api/sessions`: newest first (by date, then id), a page at a time, optionally filtered. */
export const sessionsQuerySchema = z.strictObject({
  ...pageQueryFields,
  /** First and last calendar day, both included. */
  from: z.optional(calendarDate('from')),
  to: z.optional(calendarDate('to')),
  sessionTypeId: z.optional(idParam('sessionTypeId')),
  band: z.optional(z.enum(COMPLIANCE_BAND_NAMES, { error: 'band must be green, amber or red' })),
  /**
   * `true`: only sessions with a screenshot (the dashboard's Recent Screenshots); `false`: only
   * those without.
   */
  hasScreenshot: z.optional(
    z.pipe(
      z.enum(['true', 'false'], { error: 'hasScreenshot must be true or false' }),
      z.transform((value) => value === 'true'),
    ),
  ),
});
export type SessionsQueryInput = z.input<typeof sessionsQuerySchema>;
export type SessionsQuery = z.output<typeof sessionsQuerySchema>;

export const sessionsPageSchema = pageSchema('sessions', sessionSummarySchema);
export type SessionsPage = z.infer<typeof sessionsPageSchema>;

export const sessionResponseSchema = z.object({ session: sessionSchema });

/** 'Delete Selected': the sessions of one loaded page at most, in one transaction. */
export const bulkDeleteSessionsSchema = z.strictObject({
  ids: z.array(idSchema('Session id'), { error: 'ids must be a list of session ids' }).check(
    z.minLength(1, 'Select at least one session'),
    z.maxLength(BULK_DELETE_MAX, `At most ${BULK_DELETE_MAX} sessions can be deleted at once`),
    z.refine((ids) => new Set(ids).size === ids.length, 'ids must name each session once'),
  ),
});
export type BulkDeleteSessionsInput = z.infer<typeof bulkDeleteSessionsSchema>;

/** How many of the named sessions were deleted (those already gone are not counted). */
export const bulkDeleteSessionsResponseSchema = z.object({ deleted: z.int() });

/** A screenshot's reference: the server's own random name and the image's format. */
export const SCREENSHOT_REF = /^[A-Za-z0-9_-]{22}\.(png|jpg|webp)$/;

/** A screenshot reference in a path. */
const screenshotRefSchema = z
  .string()
  .check(z.regex(SCREENSHOT_REF, 'Screenshot reference is not valid'));
export const screenshotParamsSchema = z.strictObject({ ref: screenshotRefSchema });
