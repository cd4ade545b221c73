import { z } from '../zod.ts';
import { PAGE_SIZE_DEFAULT, PAGE_SIZE_MAX } from '../constants.ts';
import { groupThousands } from '../thousands.ts';

/** Every error answer of the API. `issues` lists field errors of a 400. */
export const errorSchema = z.object({
  message: z.string(),
  issues: z.optional(z.array(z.object({ path: z.string(), message: z.string() }))),
});
export type ApiError = z.infer<typeof errorSchema>;

export const okSchema = z.object({ ok: z.literal(true) });

/*
 * Text. Both databases must get the same answer for the same input: PostgreSQL refuses a NUL
 * in text and silently replaces an unpaired surrogate, SQLite stores both. So every text field
 * of the API accepts well-formed Unicode only, and says which field was refused; nothing is
 * silently changed except trimming. One-line fields also refuse bidirectional overrides, which
 * can make a name or rule read differently from what it is (Trojan Source).
 */

/** With the `u` flag a surrogate range matches only a surrogate that is not part of a pair. */
const UNPAIRED_SURROGATE = /[\uD800-\uDFFF]/u;
/** C0 controls (NUL included), DEL and C1 controls. */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const CONTROL = /[\u0000-\u001F\u007F-\u009F]/u;
/** The same, less tab, line feed and carriage return, which multi-line notes may hold. */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const CONTROL_EXCEPT_LINE_BREAKS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/u;
/** Embeddings, overrides and isolates (LRE…RLO, LRI…PDI). */
const BIDI_CONTROL = /[\u202A-\u202E\u2066-\u2069]/u;

interface TextOptions {
  /** The field's name as a person reads it; every message starts with it. */
  label: string;
  max: number;
  /** Notes: line breaks and tabs allowed, bidirectional controls too. */
  isMultiLine?: boolean;
}

/*
 * Every page builds the schemas of its modules before it can start, and each step of a chain
 * (`.trim().min(1).max(100)`) builds a copy of the schema: the helpers below give their steps
 * to one `.check()` instead, with the same messages, results and JSON Schema.
 */

/** Refuses the value a check of a `.check()` (or a transform) is looking at, with `message`. */
export function refuse(context: z.core.ParsePayload, message: string) {
  context.issues.push({ code: 'custom', message, input: context.value });
}

/** The character checks of a text field, for the untrimmed fields (passwords) too. */
export function wellFormedText({ label, isMultiLine = false }: Omit<TextOptions, 'max'>) {
  const control = isMultiLine ? CONTROL_EXCEPT_LINE_BREAKS : CONTROL;
  // One check that reports each fault, as three refinements would: two schema objects for the
  // page to build instead of seven.
  return z.string({ error: `${label} must be text` }).check((context) => {
    const faults = [
      UNPAIRED_SURROGATE.test(context.value) && `${label} must be valid Unicode text`,
      control.test(context.value) && `${label} must not contain control characters`,
      !isMultiLine &&
        BIDI_CONTROL.test(context.value) &&
        `${label} must not contain bidirectional control characters`,
    ];
    for (const message of faults) {
      if (message) refuse(context, message);
    }
  });
}

/** The message for a value that is not a string: a missing one is told it is required. */
export function textTypeError(label: string, missingMessage = `${label} is required`) {
  return (issue: { input?: unknown }) =>
    issue.input === undefined ? missingMessage : `${label} must be text`;
}

function maxMessage(label: string, max: number) {
  return `${label} must be at most ${groupThousands(max)} characters`;
}

/** A required text field, trimmed; `requiredMessage` when it is blank. */
export function requiredText({
  label,
  max,
  isMultiLine,
  min = 1,
  requiredMessage = `${label} is required`,
}: TextOptions & { min?: number; requiredMessage?: string }) {
  return z.pipe(
    z
      .string({ error: textTypeError(label, requiredMessage) })
      .check(z.trim(), z.minLength(min, requiredMessage), z.maxLength(max, maxMessage(label, max))),
    wellFormedText({ label, isMultiLine }),
  );
}

/** An optional text field, trimmed; blank (or absent) becomes `undefined`. */
export function optionalText({ label, max, isMultiLine }: TextOptions) {
  const text = z
    .string({ error: `${label} must be text` })
    .check(z.trim(), z.maxLength(max, maxMessage(label, max)));
  return z.pipe(
    z.optional(z.pipe(text, wellFormedText({ label, isMultiLine }))),
    z.transform((value) => (value ? value : undefined)),
  );
}

/*
 * Ids. Every id is a positive integer that both databases can hold (PostgreSQL's `integer`);
 * anything else, `0`, `-1`, `2147483648`, `1e20` or `abc`, is a 400, never a 500 or a
 * silently rounded number.
 */
export const MAX_ID = 2_147_483_647;

function idMessage(label: string) {
  return `${label} must be a positive whole number`;
}

/** An id in a JSON body. */
export function idSchema(label: string) {
  const error = idMessage(label);
  return z.int({ error }).check(z.gte(1, error), z.lte(MAX_ID, error));
}

/** An id in a URL path: decimal digits only, then the same bounds as in a body. */
export function idParam(label: string) {
  const error = idMessage(label);
  const digits = z
    .string({ error })
    .check(z.regex(/^[1-9][0-9]{0,9}$/, { error, abort: true }), (context) => {
      if (Number(context.value) > MAX_ID) refuse(context, error);
    });
  return z.pipe(digits, z.transform(Number));
}

/*
 * Calendar dates. A trading session's date is the day the trader chose, not an instant: it is
 * `YYYY-MM-DD` in queries and forms, and on the wire of a session the ISO date-time of that day
 * at midnight UTC (`2026-03-14T00:00:00.000Z`), so every time zone shows the same day.
 */
const CALENDAR_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * The years a date may name. The last is 9998, not 9999: the server counts a day into its month
 * up to the first day of the next month, and finds a range's months by the next and the last
 * day of each (`calendar.ts`), which for a day of December 9999 would be a five-digit year, no
 * longer `YYYY-MM-DD` (its sessions went uncounted on SQLite and answered 500 on PostgreSQL).
 */
const CALENDAR_YEARS = { first: 1900, last: 9998 };

/** The first day a date may name. */
export const FIRST_CALENDAR_DAY = `${CALENDAR_YEARS.first}-01-01`;

/** The last day a date may name: the open end of a range that must take every session. */
export const LAST_CALENDAR_DAY = `${CALENDAR_YEARS.last}-12-31`;

/**
 * What keeps `value` from being a calendar date: not a real day written `YYYY-MM-DD` (no 30
 * February), or a real day outside the years a date may name; `null` for a calendar date.
 */
export function calendarDateProblem(value: string): 'not-a-day' | 'outside-the-years' | null {
  const match = CALENDAR_DATE.exec(value);
  if (!match) return 'not-a-day';
  const [, year, month, day] = match.map(Number) as [number, number, number, number];
  // Not `Date.UTC`, which takes the years 0 to 99 for 1900 to 1999.
  const date = new Date(0);
  date.setUTCFullYear(year, month - 1, day);
  const isRealDay =
    date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
  if (!isRealDay) return 'not-a-day';
  return year < CALENDAR_YEARS.first || year > CALENDAR_YEARS.last ? 'outside-the-years' : null;
}

/** True for a `YYYY-MM-DD` that names a real day (no 30 February) in the years allowed. */
export function isCalendarDate(value: string): boolean {
  return calendarDateProblem(value) === null;
}

/** What a date outside the years allowed is told, the field's label first. */
export function outsideTheYears(label: string): string {
  return `${label} must be in the years ${CALENDAR_YEARS.first} to ${CALENDAR_YEARS.last}`;
}

/** A calendar date in a query or a body: `YYYY-MM-DD`, or that day's midnight UTC as sent back. */
export function calendarDate(label: string, requiredMessage = `${label} is required`) {
  const error = `${label} must be a date like 2026-03-14`;
  const day = (value: string) => value.replace(/T00:00:00(\.000)?Z$/, '');
  const text = z
    .string({ error: textTypeError(label, requiredMessage) })
    .check(z.minLength(1, { error: requiredMessage, abort: true }), (context) => {
      const problem = calendarDateProblem(day(context.value));
      if (problem === 'outside-the-years') refuse(context, outsideTheYears(label));
      else if (problem) refuse(context, error);
    });
  return z.pipe(text, z.transform(day));
}

/** The `YYYY-MM-DD` of a wire date (`2026-03-14T00:00:00.000Z`) or of a day in that form. */
export function toCalendarDay(wireDate: string): string {
  return wireDate.slice(0, 10);
}

/** The wire form of a calendar date: its midnight UTC. */
export function toWireDate(day: string): string {
  return `${day}T00:00:00.000Z`;
}

/*
 * Lists that grow (a trader's history grows for years) come a page at a time: `limit` rows
 * (default 50, at most 200) and an opaque `cursor` from the previous page's `nextCursor`,
 * which is null on the last page. The cursor is a keyset position, so rows added or deleted
 * between pages neither repeat nor skip the others.
 */
const limitMessage = `limit must be a whole number from 1 to ${PAGE_SIZE_MAX}`;
export const pageQueryFields = {
  limit: z._default(
    z.coerce
      .number<number | string>({ error: limitMessage })
      .check(z.int(limitMessage), z.gte(1, limitMessage), z.lte(PAGE_SIZE_MAX, limitMessage)),
    PAGE_SIZE_DEFAULT,
  ),
  cursor: z.optional(
    z.string().check(
      // Long enough for a position that holds a name (the team list's); each list then
      // checks the position itself (server/db/keyset-cursor.ts).
      z.regex(/^[A-Za-z0-9_-]{1,1024}$/, 'cursor is not valid: start again from the first page'),
    ),
  ),
};

/** A page of a list: the rows under their usual name (`sessions`), and where the next page starts. */
export function pageSchema<Key extends string, Item extends z.ZodMiniType>(key: Key, item: Item) {
  return z.object({ [key]: z.array(item), nextCursor: z.nullable(z.string()) } as {
    [K in Key]: z.ZodMiniArray<Item>;
  } & { nextCursor: z.ZodMiniNullable<z.ZodMiniString> });
}

/**
 * An uploaded image as the client sends it: a base64 data URL. Its declared type means nothing:
 * the server checks the bytes, caps the size and re-encodes the image.
 */
export function imageDataUrl(label: string) {
  const error = `${label} must be sent as a data URL`;
  return z.string({ error }).check(z.regex(/^data:[^,]{0,100};base64,/, error));
}
