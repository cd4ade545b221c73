import type { Kysely } from 'kysely';

/**
 * The fields the administrator's search looks through, kept on each user's row folded in
 * JavaScript (`user-search.ts`), so that both databases ignore case and Unicode form alike.
 * Empty here: each start of the server writes the text of every account that has none
 * (`fillMissingSearchTexts`), a batch at a time and outside this transaction, which holds the
 * whole `users` table on PostgreSQL, and so every login, while it runs. The same start writes
 * it for accounts that an instance of the previous release creates during a rolling upgrade.
 */
// Migrations see the database as it was when they were written, so they take Kysely<any>.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('users')
    .addColumn('search_text', 'text', (column) => column.notNull().defaultTo(''))
    .execute();
}
