import { sql, type SqlBool } from 'kysely';

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
