import type { Kysely } from 'kysely';

/**
 * A version of each trader's analytics summaries, which every recount changes in its own
 * transaction: an instance that kept a trader's figures can tell they still hold with one read
 * of the trader's row instead of recomputing them (`analytics-answers.ts`). Empty until the
 * trader's first recount: a trader without sessions has nothing to count.
 */
// Migrations see the database as it was when they were written, so they take Kysely<any>.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('users')
    .addColumn('summaries_version', 'text', (column) => column.notNull().defaultTo(''))
    .execute();
}
