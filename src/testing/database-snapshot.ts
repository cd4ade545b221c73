import { sql } from 'kysely';
import type { AppDatabase } from '#server/db/client.ts';

/**
 * Columns a request may move without changing anything the trader stored: every authenticated
 * request may renew its own login (the idle end and 'last used' move forward, at most every few
 * minutes), whether the request itself is then refused or not.
 */
const VOLATILE_COLUMNS: Readonly<Record<string, readonly string[]>> = {
  auth_sessions: ['expires_at', 'last_used_at'],
};

/**
 * Not the app's data: Kysely's own bookkeeping, and the login and signup attempt counters,
 * whose purpose is to count attempts, the refused ones first of all (in memory on SQLite, in
 * this table on PostgreSQL).
 */
const isAppTable = (name: string) => !name.startsWith('kysely_') && name !== 'attempt_counters';

/**
 * Every row of every table of the app, each table sorted, as one comparable value: two
 * snapshots are equal exactly when no stored data changed. The tables come from the
 * database's own catalogue (read once, at the first snapshot), so a table added by a later
 * migration is in the snapshot without anyone remembering to list it.
 */
export function databaseSnapshotter(database: AppDatabase) {
  const { db } = database;
  let tables: string[] | undefined;
  const listTables = async () => {
    // PostgreSQL test databases are schemas of one database: only this app's schema counts.
    const schema =
      database.dialect === 'postgres'
        ? (await sql<{ schema: string }>`select current_schema() as schema`.execute(db)).rows[0]
            ?.schema
        : undefined;
    return (await db.introspection.getTables())
      .filter((table) => !table.isView && isAppTable(table.name) && table.schema === schema)
      .map((table) => table.name)
      .sort();
  };
  return async (): Promise<Record<string, string[]>> => {
    tables ??= await listTables();
    const snapshot: Record<string, string[]> = {};
    for (const table of tables) {
      const volatile = VOLATILE_COLUMNS[table] ?? [];
      const rows = await sql<Record<string, unknown>>`select * from ${sql.table(table)}`.execute(
        db,
      );
      snapshot[table] = rows.rows
        .map((row) =>
          JSON.stringify(Object.entries(row).filter(([column]) => !volatile.includes(column))),
        )
        .sort();
    }
    return snapshot;
  };
}
