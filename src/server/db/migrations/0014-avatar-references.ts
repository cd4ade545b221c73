import { sql, type Kysely } from 'kysely';

export const AVATAR_REF_INDEX = 'users_avatar_ref';

/**
 * Whose profile picture a reference is: every picture shown (each card of the administrator's
 * list, each trader's own menu) asks it, and the image sweep asks which of a batch of files are
 * still held. Without an index each read the whole table: 10 ms a picture at 100,000 accounts on
 * SQLite, whose one connection every other request waits for meanwhile, so half a second for a
 * page of 50 cards (a read-only review's figures). Only accounts with a picture are indexed.
 * (A screenshot's reference is unique, so indexed since migration 0001.)
 *
 * As with migration 0007, PostgreSQL holds the table's writes while the index is built (a
 * fraction of a second at 100,000 accounts); an operator may build it beforehand, concurrently,
 * under this name, and the migration keeps it.
 */
// Migrations see the database as it was when they were written, so they take Kysely<any>.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createIndex(AVATAR_REF_INDEX)
    .ifNotExists()
    .on('users')
    .column('avatar_ref')
    .where(sql.ref('avatar_ref'), 'is not', null)
    .execute();
}
