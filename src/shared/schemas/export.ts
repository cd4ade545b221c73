import { z } from '../zod.ts';
import {
  COMPANY_NAME_MAX_LENGTH,
  EMAIL_MAX_LENGTH,
  FULL_NAME_MAX_LENGTH,
  MAX_RULES_PER_USER,
  RULE_DESCRIPTION_MAX_LENGTH,
  RULE_NOTES_MAX_LENGTH,
  SESSION_NAME_MAX_LENGTH,
  SESSION_NOTES_MAX_LENGTH,
  USERNAME_MAX_LENGTH,
} from '../constants.ts';
import { groupThousands } from '../thousands.ts';
import { calendarDate, idSchema, optionalText, requiredText } from './common.ts';
import { resultMoneySchema, resultRSchema } from './results.ts';
import { sessionUidSchema } from './sessions.ts';

/*
 * The export file: one JSON document, versioned, that holds everything a trader owns. It is
 * documented in docs/export-format.md; a change of its shape is a new `version`.
 */

export const EXPORT_FORMAT = 'rulekeeper-export';
export const EXPORT_VERSION = 1;

/** The names inside the ZIP: the document, the spreadsheet and the screenshots' folder. */
export const EXPORT_JSON_NAME = 'export.json';
export const EXPORT_CSV_NAME = 'sessions.csv';
export const EXPORT_IMAGES_FOLDER = 'images/';

/** A screenshot's entry in the ZIP: `images/` and a file name of ours (no folders, no dots). */
export const exportImagePathSchema = z
  .string()
  .check(
    z.regex(
      /^images\/[A-Za-z0-9_-]{1,64}\.(png|jpg|jpeg|webp|gif)$/,
      'screenshot must be an image of the file, like images/abc.png',
    ),
  );

const timestampSchema = z.iso.datetime({ offset: true, error: 'must be an ISO date-time' });

const ruleText = {
  description: requiredText({ label: 'Rule description', max: RULE_DESCRIPTION_MAX_LENGTH }),
  notes: z.nullable(
    optionalText({ label: 'Notes', max: RULE_NOTES_MAX_LENGTH, isMultiLine: true }),
  ),
};

const exportRuleSchema = z.strictObject({
  /** The rule's id in the exporting account: only a key for the checklists of this file. */
  id: idSchema('Rule id'),
  ...ruleText,
  position: z.int().check(z.gte(0), z.lte(MAX_RULES_PER_USER)),
});
export type ExportRule = z.output<typeof exportRuleSchema>;

const exportChecklistItemSchema = z.strictObject({
  /**
   * A rule of `rules` by its id; an id that is not there is a rule deleted since (its history
   * is kept, as in the account it came from).
   */
  ruleId: idSchema('Rule id'),
  /** The rule's text when the session was saved. */
  description: ruleText.description,
  followed: z.boolean({ error: 'followed must be true or false' }),
});

const exportSessionSchema = z.strictObject({
  /** A session's identity across accounts: kept by export and import. */
  uid: sessionUidSchema,
  name: requiredText({ label: 'Session name', max: SESSION_NAME_MAX_LENGTH }),
  date: calendarDate('Date'),
  /** The market session's name (`London`); one this app does not know becomes none. */
  sessionType: z.nullable(z.string().check(z.maxLength(100))),
  notes: z.nullable(
    optionalText({ label: 'Notes', max: SESSION_NOTES_MAX_LENGTH, isMultiLine: true }),
  ),
  /** For the reader only: an import computes the rating from the checklist again. */
  complianceRating: z.int().check(z.gte(0), z.lte(100)),
  checklist: z.array(exportChecklistItemSchema).check(
    // As many as a trader can have rules: a session saved here has no more, and one with more
    // could never be edited (a change lists each of its rules, 100 at most).
    z.maxLength(MAX_RULES_PER_USER, `checklist may have at most ${MAX_RULES_PER_USER} items`),
    z.refine(
      (items) => new Set(items.map((item) => item.ruleId)).size === items.length,
      'checklist must name each rule at most once',
    ),
  ),
  screenshot: z.nullable(exportImagePathSchema),
  /** The result in the profile's currency and in R; absent in files made before results. */
  resultMoney: z.optional(z.nullable(resultMoneySchema)),
  resultR: z.optional(z.nullable(resultRSchema)),
  createdAt: timestampSchema,
});

const exportProfileSchema = z.strictObject({
  username: z.string().check(z.maxLength(USERNAME_MAX_LENGTH)),
  fullName: z.string().check(z.maxLength(FULL_NAME_MAX_LENGTH)),
  email: z.string().check(z.maxLength(EMAIL_MAX_LENGTH)),
  companyName: z.nullable(z.string().check(z.maxLength(COMPANY_NAME_MAX_LENGTH))),
  /** The currency of the money results, for the reader: an import keeps the account's own. */
  currency: z.optional(z.string().check(z.maxLength(3))),
});

/** How many sessions one file may hold: years of daily trading, and a bound on the work. */
export const EXPORT_MAX_SESSIONS = 50_000;

/**
 * How many rules the checklists may name that the file's rules do not (rules deleted before the
 * export): each gets an id of its own from the database's one counter of rule ids.
 */
export const EXPORT_MAX_UNLISTED_RULES = 1_000;

/** The rule ids the sessions' checklists name that are not among the file's rules. */
function unlistedRuleIds(file: {
  rules: { id: number }[];
  sessions: { checklist: { ruleId: number }[] }[];
}): Set<number> {
  const listed = new Set(file.rules.map((rule) => rule.id));
  const unlisted = new Set<number>();
  for (const session of file.sessions) {
    for (const item of session.checklist) if (!listed.has(item.ruleId)) unlisted.add(item.ruleId);
  }
  return unlisted;
}

/** Whether no two sessions name the same screenshot (each is stored once per session). */
function screenshotsDiffer(sessions: { screenshot: string | null }[]): boolean {
  const named = sessions.flatMap((session) => (session.screenshot ? [session.screenshot] : []));
  return new Set(named).size === named.length;
}

export const exportFileSchema = z
  .strictObject({
    format: z.literal(EXPORT_FORMAT),
    version: z.literal(EXPORT_VERSION),
    exportedAt: timestampSchema,
    /** Who exported it, for the reader: an import never changes the importing account. */
    profile: exportProfileSchema,
    rules: z.array(exportRuleSchema).check(
      z.maxLength(MAX_RULES_PER_USER, `rules: at most ${MAX_RULES_PER_USER}`),
      z.refine(
        (rules) => new Set(rules.map((rule) => rule.id)).size === rules.length,
        'rules must have different ids',
      ),
    ),
    sessions: z.array(exportSessionSchema).check(
      z.maxLength(EXPORT_MAX_SESSIONS, `sessions: at most ${groupThousands(EXPORT_MAX_SESSIONS)}`),
      z.refine(
        (sessions) => new Set(sessions.map((session) => session.uid)).size === sessions.length,
        'sessions must have different uids',
      ),
      z.refine(screenshotsDiffer, 'sessions must name different screenshots'),
    ),
  })
  .check(
    z.refine((file) => unlistedRuleIds(file).size <= EXPORT_MAX_UNLISTED_RULES, {
      message: `the checklists may name at most ${groupThousands(EXPORT_MAX_UNLISTED_RULES)} rules that are not in the file`,
      path: ['sessions'],
    }),
  );
export type ExportFile = z.output<typeof exportFileSchema>;
/** The file as the server writes it (before the import's trimming). */
export type ExportFileInput = z.input<typeof exportFileSchema>;

/** `POST /api/import`'s answer: what was added, and what was already there. */
export const importResultSchema = z.object({
  rulesAdded: z.int(),
  rulesMatched: z.int(),
  sessionsAdded: z.int(),
  sessionsSkipped: z.int(),
});
export type ImportResult = z.infer<typeof importResultSchema>;

/** The largest import file: years of screenshots. */
export const IMPORT_MAX_BYTES = 200 * 1024 * 1024;
