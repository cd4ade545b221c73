import type { Kysely } from 'kysely';

/**
 * Each session counts its writes (`version`), so that an edit made from what the trader saw
 * can be refused when the session has been written since (docs/decisions/0081). Existing
 * sessions start at 1, as new ones do.
 */
// Migrations see the database as it was when they were written, so they take Kysely<any>.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('trading_sessions')
    .addColumn('version', 'integer', (column) => column.notNull().defaultTo(1))
    .execute();
}
