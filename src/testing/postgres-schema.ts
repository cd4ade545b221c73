import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';
import { createDatabase, type AppDatabase } from '#server/db/client.ts';
import { migrateToLatest } from '#server/db/migrate.ts';

const DUPLICATE_DATABASE = '42P04';

/**
 * This test worker's own database beside the run's one, made on first use.
 *
 * Test files run two at a time, and each PostgreSQL test works in a schema of its own that it
 * drops or gives back at the end. Schemas of one database are not apart enough for that: a migration reads
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

/**
 * This worker's database and one connection to it for making, emptying and dropping schemas.
 * Asked once per worker: its test files share their modules (vitest.config.ts), so later files
 * find the same database. The connection lets the worker exit when it is idle.
 */
let workerDatabase: Promise<{ connectionString: string; admin: pg.Pool }> | null = null;
function workerAdmin() {
  workerDatabase ??= createWorkerDatabase().then((connectionString) => ({
    connectionString,
    admin: new pg.Pool({ connectionString, max: 1, allowExitOnIdle: true }),
  }));
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
  const { connectionString, admin } = await workerAdmin();
  const schema = `${prefix}_${randomBytes(6).toString('hex')}`;
  await admin.query(`create schema ${schema}`);
  return {
    connectionString,
    schema,
    drop: async () => {
      await admin.query(`drop schema ${schema} cascade`);
    },
  };
}

export interface LeasedDatabase {
  /** The database, open on the schema (its connections open since an earlier lease, if any). */
  database: AppDatabase;
  /**
   * Empties the schema and gives it back, its database still open, for another test of this
   * worker. Call it once, after the app using the database has closed.
   */
  release: () => Promise<void>;
}

/** What the migrations put in: kept when a schema is emptied for the next test. */
const FILLED_BY_MIGRATIONS = new Set([
  'kysely_migration',
  'kysely_migration_lock',
  'session_types',
]);

/** A migrated schema's tables: those emptied for the next test, and a digest of the others. */
async function inspectSchema(admin: pg.Pool, schema: string) {
  const { rows } = await admin.query<{ name: string }>(
    'select tablename as name from pg_tables where schemaname = $1 order by tablename',
    [schema],
  );
  const isKept = ({ name }: { name: string }) => FILLED_BY_MIGRATIONS.has(name);
  const digests = rows.filter(isKept).map(
    ({ name }) => `(select md5(coalesce(string_agg(r::text, ',' order by r::text), ''))
                      from ${schema}.${name} r)`,
  );
  const { rows: digest } = await admin.query<{ digest: string }>(
    `select ${digests.length > 0 ? digests.join(' || ') : "''"} as digest`,
  );
  return {
    emptied: rows.filter((row) => !isKept(row)).map(({ name }) => `${schema}.${name}`),
    keptDigest: digest[0]!.digest,
  };
}

/** Migrated schemas of this worker that no test holds, emptied, with their open database. */
const idleSchemas: { schema: string; keptDigest: string; database: AppDatabase }[] = [];

/**
 * A migrated, empty schema for one test, with a database open on it. Making a schema,
 * migrating it and dropping it took about 250 ms a test on a 2-core machine, a third of a
 * PostgreSQL API test's time; a schema a finished test gives back is emptied instead (one
 * TRUNCATE, about 30 ms) and leased to the next. Its database stays open with it: a new
 * PostgreSQL connection cost the server 20-35 ms of CPU (a process, and the catalog read anew
 * for every table it touches), and each test opened two. The emptied tables' identity columns
 * start again, so ids begin at 1 as in a new schema (and as in a test's new SQLite database).
 * A test that changed what the migrations put in (a session type, say) leaves a schema that
 * is dropped, its database closed, not leased again. No test changes the tables themselves
 * (the migration tests work in schemas of their own: migration-database.ts). The run's
 * teardown drops the worker's database, with any connections still open to it.
 */
export async function leaseMigratedDatabase(): Promise<LeasedDatabase> {
  const { connectionString, admin } = await workerAdmin();
  let idle = idleSchemas.pop();
  if (idle === undefined) {
    const { schema } = await createTestSchema();
    const database = createDatabase({ dialect: 'postgres', connectionString, searchPath: schema });
    await migrateToLatest(database);
    idle = { schema, database, keptDigest: (await inspectSchema(admin, schema)).keptDigest };
  }
  const leased = idle;
  let isReleased = false;
  return {
    database: leased.database,
    release: async () => {
      if (isReleased) throw new Error(`schema ${leased.schema} was released twice`);
      isReleased = true;
      const now = await inspectSchema(admin, leased.schema);
      if (now.keptDigest !== leased.keptDigest) {
        await leased.database.db.destroy();
        await admin.query(`drop schema ${leased.schema} cascade`);
        return;
      }
      await admin.query(`truncate ${now.emptied.join(', ')} restart identity`);
      idleSchemas.push(leased);
    },
  };
}
