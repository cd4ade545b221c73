import { sql, type Kysely } from 'kysely';
import type { DialectName } from '../dialect.ts';

/** The table behind the attempt counters, shared by every instance on one PostgreSQL. */
export const ATTEMPT_COUNTERS_TABLE = 'attempt_counters';

/**
 * The login and signup attempt counters that several instances share (PostgreSQL only: a
 * SQLite database has one instance, which counts in memory). The columns, in this order, are
 * the ones rate-limiter-flexible's `RateLimiterPostgres` writes (`insert ... values ($1, $2,
 * $3)`); made here rather than by the library at run time, so the schema has one owner and
 * the app needs no right to create tables. `key` is text, not the library's varchar(255):
 * a username of any length must be counted, never a 500. Unlogged: the counts are worth 15
 * minutes to an hour, so they skip the write-ahead log (a crash or failover forgets them,
 * as a restart forgot the in-memory ones).
 */
// Migrations see the database as it was when they were written, so they take Kysely<any>.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>, dialect: DialectName): Promise<void> {
  if (dialect !== 'postgres') return;
  await sql`
    create unlogged table ${sql.table(ATTEMPT_COUNTERS_TABLE)} (
      key text primary key,
      points integer not null default 0,
      -- when the window ends, in milliseconds since 1970; expired rows are deleted by a timer
      expire bigint
    )
  `.execute(db);
}
