import type { Kysely } from 'kysely';

/**
 * The history filtered by session type reads that type's sessions only, newest first: with
 * just `(user_id, session_date, id)` the database walked every session of the date range and
 * read each row to test its type (a year of a heavy trader's history for a page of 50).
 */
// Migrations see the database as it was when they were written, so they take Kysely<any>.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createIndex('trading_sessions_user_type_date')
    .on('trading_sessions')
    .columns(['user_id', 'session_type_id', 'session_date', 'id'])
    .execute();
}
