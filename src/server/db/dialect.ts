import { sql, type Expression, type RawBuilder, type SqlBool } from 'kysely';

/**
 * Everything that differs between SQLite and PostgreSQL, in one place.
 * See docs/decisions/0001-one-process-two-databases.md.
 */
export type DialectName = 'sqlite' | 'postgres';

/** Booleans come back as 1/0 from SQLite and true/false from PostgreSQL. */
export function toBool(value: SqlBool): boolean {
  return value === true || value === 1;
}

/** SQL that yields the current instant as an ISO-8601 UTC string with milliseconds. */
export function nowExpression(dialect: DialectName) {
  return dialect === 'sqlite'
    ? sql<string>`(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))`
    : sql<string>`now()`;
}

/** The driver errors that mean a UNIQUE constraint refused a row. */
export function isUniqueViolation(error: unknown): boolean {
  if (typeof error !== 'object' || error === null || !('code' in error)) return false;
  const { code } = error;
  return (
    code === 'SQLITE_CONSTRAINT_UNIQUE' ||
    code === 'SQLITE_CONSTRAINT_PRIMARYKEY' ||
    code === '23505'
  );
}

/**
 * `round(numerator / denominator)` rounded half up, in integers on both databases (their
 * `ROUND` differs on .5 and on floats): `(2n + d) / (2d)`, and 0 when the denominator is 0.
 * Both operands must be non-negative integers.
 */
export function roundedDivision(
  numerator: Expression<number>,
  denominator: Expression<number>,
): RawBuilder<number> {
  return sql<number>`(case when ${denominator} = 0 then 0 else (2 * ${numerator} + ${denominator}) / (2 * ${denominator}) end)`;
}

/** `round(100 × part / whole)` half up: a compliance percentage; 0 of 0 is 0. */
export function percentage(part: Expression<number>, whole: Expression<number>) {
  return roundedDivision(sql<number>`(100 * ${part})`, whole);
}

/**
 * The `YYYY-MM` of a calendar date column. The format is a literal, not a parameter:
 * PostgreSQL cannot group by an expression whose format arrives as a bound value.
 */
export function monthKey(dialect: DialectName, date: Expression<string>): RawBuilder<string> {
  return dialect === 'sqlite'
    ? sql<string>`substr(${date}, 1, 7)`
    : sql<string>`to_char(${date}, 'YYYY-MM')`;
}

/** The first day of a `YYYY-MM` month key, comparable with a calendar date column. */
export function monthStart(dialect: DialectName, month: Expression<string>): RawBuilder<string> {
  return dialect === 'sqlite'
    ? sql<string>`(${month} || '-01')`
    : sql<string>`to_date(${month}, 'YYYY-MM')`;
}

/** 1 for a true boolean column, 0 for false, on both dialects: for sums of followed items. */
export function boolToInt(value: Expression<SqlBool>): RawBuilder<number> {
  return sql<number>`(case when ${value} then 1 else 0 end)`;
}

/** Characters before the text in a `latestFirstKey`: `YYYY-MM-DD#0000000042#`. */
export const LATEST_KEY_PREFIX_LENGTH = 22;

/**
 * A text that sorts as (day, id) and then carries `text`: the greatest of them, by plain
 * byte order, holds the text of the latest row. It lets "the text of the latest row of each
 * group" be one `max()` in a GROUP BY instead of a sorted window over every row.
 */
export function latestKey(
  dialect: DialectName,
  day: Expression<string>,
  id: Expression<number>,
  text: Expression<string>,
): RawBuilder<string> {
  return dialect === 'sqlite'
    ? sql<string>`(${day} || '#' || printf('%010d', ${id}) || '#' || ${text})`
    : sql<string>`(${day}::text || '#' || lpad(${id}::text, 10, '0') || '#' || ${text})`;
}

/** The greatest `latestKey` of a group, compared byte by byte whatever the database's locale. */
export function maxLatestKey(dialect: DialectName, key: Expression<string>): RawBuilder<string> {
  return dialect === 'sqlite' ? sql<string>`max(${key})` : sql<string>`max(${key} collate "C")`;
}
