// The PostgreSQL database a bench measures: one of its own per run, made from an admin URL and
// dropped at the end, with the planner's statistics gathered once the data is in.
import pg from 'pg';

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
