import type { Kysely } from 'kysely';

export const SESSIONS_BY_TYPE_INDEX = 'trading_sessions_user_type_date';

/**
 * The history filtered by session type reads that type's sessions only, newest first: with
 * just `(user_id, session_date, id)` the database walked every session of the date range and
 * read each row to test its type (a year of a heavy trader's history for a page of 50).
 *
 * PostgreSQL holds the sessions' writes while it builds the index (half a second per million
 * sessions here). An operator with a large table builds it beforehand without that, with
 * `create index concurrently` under this name (docs/deploy.md); the migration then keeps it.
 */
// Migrations see the database as it was when they were written, so they take Kysely<any>.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createIndex(SESSIONS_BY_TYPE_INDEX)
    .ifNotExists()
    .on('trading_sessions')
    .columns(['user_id', 'session_type_id', 'session_date', 'id'])
    .execute();
}
