import type { Kysely } from 'kysely';
import { createDatabase, type AppDatabase } from '#server/db/client.ts';
import type { DialectName } from '#server/db/dialect.ts';
import { createTestSchema } from './postgres-schema.ts';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Step = { up(db: Kysely<any>, dialect: DialectName): Promise<void> };

/**
 * A database as an earlier release left it: only `steps` applied, in order. PostgreSQL gets a
 * schema of its own, dropped by `drop`.
 */
export async function databaseMigratedWith(
  dialect: DialectName,
  steps: Step[],
): Promise<{ database: AppDatabase; drop: () => Promise<void> }> {
  let database: AppDatabase;
  let dropSchema = async () => {};
  if (dialect === 'sqlite') {
    database = createDatabase({ dialect: 'sqlite', filename: ':memory:' });
  } else {
    const { connectionString, schema, drop } = await createTestSchema('m');
    database = createDatabase({ dialect: 'postgres', connectionString, searchPath: schema });
    dropSchema = drop;
  }
  for (const step of steps) await step.up(database.db, dialect);
  return {
    database,
    drop: async () => {
      await database.db.destroy();
      await dropSchema();
    },
  };
}
