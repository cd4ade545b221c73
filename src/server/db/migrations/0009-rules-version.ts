import type { Kysely } from 'kysely';

/**
 * A version of each trader's rules, which every write of them changes in its own transaction:
 * an instance that kept a trader's list of rules can tell it still holds from the trader's row,
 * read with the login (`kept-rules.ts`). Empty until the trader's first rule is written.
 */
// Migrations see the database as it was when they were written, so they take Kysely<any>.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('users')
    .addColumn('rules_version', 'text', (column) => column.notNull().defaultTo(''))
    .execute();
}
