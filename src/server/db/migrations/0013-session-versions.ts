import type { Kysely } from 'kysely';
import type { DialectName } from '../dialect.ts';
import { columnTypes } from './column-types.ts';

/**
 * Each session counts its writes (`version`), so that an edit made from what the trader saw
 * can be refused when the session has been written since (docs/decisions/0081), and knows
 * whether it was ever edited (`edited`), so that a create repeated after its answer was lost
 * does not undo an edit (docs/decisions/0080). Existing sessions start at 1, not edited: the
 * first edit's check is then against the version their details show.
 */
// Migrations see the database as it was when they were written, so they take Kysely<any>.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>, dialect: DialectName): Promise<void> {
  const t = columnTypes(dialect);
  await db.schema
    .alterTable('trading_sessions')
    .addColumn('version', 'integer', (column) => column.notNull().defaultTo(1))
    .execute();
  await db.schema
    .alterTable('trading_sessions')
    .addColumn('edited', t.boolean, (column) => column.notNull().defaultTo(t.bool(false)))
    .execute();
}
