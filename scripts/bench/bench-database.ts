// The database a bench measures: on PostgreSQL one of its own per run, made from an admin URL
// and dropped at the end, with the planner's statistics gathered once the data is in; on
// SQLite a file in a temporary folder, removed at the end.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { DatabaseOptions } from '#server/db/client.ts';

async function runAsAdmin(adminUrl: string, statement: string) {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(statement);
  } finally {
    await admin.end();
  }
}

/**
 * A database of its own for this run, like scripts/e2e-server.js does; its drop is pushed on
 * `cleanups`, which the caller undoes at the end, also after a failure or Ctrl-C.
 */
export async function createBenchDatabase(
  adminUrl: string,
  cleanups: (() => unknown)[],
): Promise<string> {
  const name = `rulekeeper_bench_${process.pid}`;
  await runAsAdmin(adminUrl, `drop database if exists ${name} with (force)`);
  await runAsAdmin(adminUrl, `create database ${name}`);
  cleanups.push(() => runAsAdmin(adminUrl, `drop database if exists ${name} with (force)`));
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/**
 * PostgreSQL plans a query from its statistics of each table, which autovacuum gathers after
 * enough rows have changed, within a minute in a default installation. Without them, the
 * freshly seeded tables look nearly empty: the heavy trader's page of sessions sorted all 5,000
 * rows instead of reading the date index backwards, and a checklist read 100,000 index entries
 * (1.4 and 2.0 ms a query against 0.08 ms). A database that has served for a minute has them,
 * and this machine's PostgreSQL runs with autovacuum off, so the bench gathers them itself.
 */
export async function gatherStatistics(databaseUrl: string) {
  await runAsAdmin(databaseUrl, 'analyze');
}

/**
 * The options of a fresh database for a bench that opens it in its own process (the notices'
 * and the team's): PostgreSQL from `adminUrl` when given, SQLite in a temporary folder
 * otherwise. Its removal is pushed on `cleanups`.
 */
export async function benchDatabaseOptions(
  adminUrl: string | undefined,
  cleanups: (() => unknown)[],
): Promise<DatabaseOptions> {
  if (adminUrl) {
    return { dialect: 'postgres', connectionString: await createBenchDatabase(adminUrl, cleanups) };
  }
  const dataDir = mkdtempSync(join(tmpdir(), 'rulekeeper-bench-'));
  cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
  return { dialect: 'sqlite', filename: join(dataDir, 'rulekeeper.db') };
}
