import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';

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

export interface LeasedSchema {
  connectionString: string;
  schema: string;
  /** Empties the schema and gives it back for another test of this worker. Call it once. */
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

/** Migrated schemas of this worker that no test holds, emptied, with their digest. */
const idleSchemas: { schema: string; keptDigest: string }[] = [];

/**
 * A migrated, empty schema for one test. Making a schema, migrating it and dropping it took
 * about 250 ms a test on a 2-core machine, a third of a PostgreSQL API test's time; a schema a
 * finished test gives back is emptied instead (one TRUNCATE, about 30 ms) and leased to the
 * next. The emptied tables' identity columns start again, so ids begin at 1 as in a new
 * schema (and as in a test's new SQLite database). `migrate` is called only for a schema made
 * anew. A test that changed what the migrations put in (a session type, say) leaves a schema
 * that is dropped, not leased again. No test changes the tables themselves (the migration
 * tests work in schemas of their own: migration-database.ts).
 */
export async function leaseMigratedSchema(
  migrate: (schema: { connectionString: string; schema: string }) => Promise<void>,
): Promise<LeasedSchema> {
  const { connectionString, admin } = await workerAdmin();
  let idle = idleSchemas.pop();
  if (idle === undefined) {
    const { schema } = await createTestSchema();
    await migrate({ connectionString, schema });
    idle = { schema, keptDigest: (await inspectSchema(admin, schema)).keptDigest };
  }
  const { schema, keptDigest } = idle;
  let isReleased = false;
  return {
    connectionString,
    schema,
    release: async () => {
      if (isReleased) throw new Error(`schema ${schema} was released twice`);
      isReleased = true;
      const now = await inspectSchema(admin, schema);
      if (now.keptDigest !== keptDigest) {
        await admin.query(`drop schema ${schema} cascade`);
        return;
      }
      await admin.query(`truncate ${now.emptied.join(', ')} restart identity`);
      idleSchemas.push(idle);
    },
  };
}
