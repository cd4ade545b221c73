import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import pg from 'pg';
import { inject } from 'vitest';
import { createDatabase, type AppDatabase } from '#server/db/client.ts';
import type { DialectName } from '#server/db/dialect.ts';

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
    const connectionString = inject('postgresUrl')!;
    const schema = `m_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString });
    await admin.connect();
    await admin.query(`create schema ${schema}`);
    database = createDatabase({ dialect: 'postgres', connectionString, searchPath: schema });
    dropSchema = async () => {
      await admin.query(`drop schema ${schema} cascade`);
      await admin.end();
    };
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
