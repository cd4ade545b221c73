import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';

const DUPLICATE_DATABASE = '42P04';

/**
 * This test worker's own database beside the run's one, made on first use.
 *
 * Test files run two at a time, and each PostgreSQL test works in a schema of its own that it
 * drops at the end. Schemas of one database are not apart enough for that: a migration reads
 * the catalog of the whole database (Kysely's introspection calls `has_schema_privilege` on
 * every schema it lists), and a schema dropped by another file between that list and that call
 * fails it with "schema … does not exist". Files of one worker run one after another, so a
 * database per worker leaves no one to drop a schema under a migration.
 */
async function createWorkerDatabase(): Promise<string> {
  const runUrl = inject('postgresUrl');
  if (!runUrl) throw new Error('PostgreSQL is not available for this run');
  const url = new URL(runUrl);
  const name = `${url.pathname.slice(1)}_w${process.env.VITEST_POOL_ID ?? '1'}`;
  const admin = new pg.Client({ connectionString: runUrl });
  await admin.connect();
  try {
    await admin.query(`create database ${name}`);
  } catch (error) {
    if ((error as { code?: string }).code !== DUPLICATE_DATABASE) throw error;
  } finally {
    await admin.end();
  }
  url.pathname = `/${name}`;
  return url.toString();
}

/** Asked once per test file: every later schema of the file goes into the same database. */
let workerDatabase: Promise<string> | null = null;
function workerDatabaseUrl(): Promise<string> {
  workerDatabase ??= createWorkerDatabase();
  return workerDatabase;
}

export interface TestSchema {
  /** The database that holds the schema. */
  connectionString: string;
  schema: string;
  /** Drops the schema with everything in it. */
  drop: () => Promise<void>;
}

/** A new, empty schema for one test, named `prefix` and random letters. */
export async function createTestSchema(prefix = 't'): Promise<TestSchema> {
  const connectionString = await workerDatabaseUrl();
  const schema = `${prefix}_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString });
  await admin.connect();
  try {
    await admin.query(`create schema ${schema}`);
  } finally {
    await admin.end();
  }
  return {
    connectionString,
    schema,
    drop: async () => {
      const client = new pg.Client({ connectionString });
      await client.connect();
      try {
        await client.query(`drop schema ${schema} cascade`);
      } finally {
        await client.end();
      }
    },
  };
}
