import { execFileSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { resolve } from 'node:path';
import pg from 'pg';
import { createClient } from 'redis';
import type { TestProject } from 'vitest/node';

const DEFAULT_URL = 'postgres://postgres@127.0.0.1:5432/test';
const DEFAULT_REDIS_URL = 'redis://127.0.0.1:6379';

declare module 'vitest' {
  export interface ProvidedContext {
    /** This run's server bundle's folder: main.js and the commands (seed-demo.js and others). */
    serverBundle: string;
    /** A database made for this run, or null when no PostgreSQL answered. */
    postgresUrl: string | null;
    /** A Redis for the attempt counters (tests keep to keys of their own), or null. */
    redisUrl: string | null;
  }
}

/** `TEST_REDIS_URL` when it answers a PING; where none does, the Redis tests say they skipped. */
async function findRedis(): Promise<string | null> {
  const url = process.env.TEST_REDIS_URL ?? DEFAULT_REDIS_URL;
  const client = createClient({ url, socket: { connectTimeout: 2000, reconnectStrategy: false } });
  client.on('error', () => {});
  try {
    await client.connect();
    await client.ping();
    return url;
  } catch (error) {
    console.warn(
      `\nRedis not reachable at ${url} (${(error as Error).message}): ` +
        'the Redis attempt-counter tests are skipped. Set TEST_REDIS_URL to run them.\n',
    );
    return null;
  } finally {
    if (client.isOpen) await client.close();
  }
}

/**
 * Bundles the server and the operator commands as `npm run build` does, into a folder of this
 * run's own, for the tests that start them as processes (src/testing/server-process.ts): they
 * run what production runs, and each start is a second sooner than through tsx. Answers what
 * removes the folder.
 */
function buildServerBundle(project: TestProject): () => void {
  const folder = resolve(`node_modules/.cache/rulekeeper-tests/server-${process.pid}`);
  execFileSync(process.execPath, ['scripts/build-server.js', '--server-only', '--outdir', folder], {
    stdio: 'inherit',
  });
  project.provide('serverBundle', folder);
  return () => rmSync(folder, { recursive: true, force: true });
}

/**
 * Creates a fresh PostgreSQL database for this test run (each test worker then gets a database
 * beside it, and each test a schema in that) and drops them all afterwards. Where none is
 * reachable, the PostgreSQL tests say they skipped.
 */
export default async function setup(project: TestProject) {
  const removeBundle = buildServerBundle(project);
  project.provide('redisUrl', await findRedis());
  const adminUrl = process.env.TEST_DATABASE_URL ?? DEFAULT_URL;
  const admin = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 2000 });
  try {
    await admin.connect();
  } catch (error) {
    console.warn(
      `\nPostgreSQL not reachable at ${adminUrl} (${(error as Error).message}): ` +
        'the PostgreSQL API tests are skipped. Set TEST_DATABASE_URL to run them.\n',
    );
    project.provide('postgresUrl', null);
    return removeBundle;
  }
  const name = `rulekeeper_test_${Date.now()}_${process.pid}`;
  await admin.query(`create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  project.provide('postgresUrl', url.toString());

  return async () => {
    // The workers' own databases (src/testing/postgres-schema.ts), then the run's.
    const { rows } = await admin.query<{ datname: string }>(
      'select datname from pg_database where datname like $1',
      [`${name}\\_w%`],
    );
    for (const { datname } of rows) await admin.query(`drop database ${datname} with (force)`);
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
    removeBundle();
  };
}
