// Starts the built server for the end-to-end tests on a fresh, empty database: a SQLite data
// dir emptied first, or (with E2E_DATABASE_URL) a PostgreSQL database dropped and created anew.
// Cleaning up at the start, not the end, holds even when the runner kills the server.
import { mkdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';

const port = process.env.PORT ?? '5055';
const dataDir = join(tmpdir(), `rulekeeper-e2e-${port}`);
rmSync(dataDir, { recursive: true, force: true });
mkdirSync(dataDir, { recursive: true });
process.env.DATA_DIR = dataDir;
process.env.LOG_LEVEL ??= 'warn';
// Every journey signs up its own traders, all from 127.0.0.1.
process.env.SIGNUP_RATE_LIMIT ??= '10000';
// No scheduled notices: a journey that wants one runs the jobs with its own clock
// (scripts/e2e-notice-jobs.ts), and no other journey meets a report it did not ask for.
process.env.JOBS_INTERVAL_SECONDS ??= '0';

const adminUrl = process.env.E2E_DATABASE_URL;
if (adminUrl) {
  const name = `rulekeeper_e2e_${port}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  process.env.DATABASE_URL = url.toString();
  console.log(`e2e server on PostgreSQL database ${name}`);
}

// Built by `npm run build` just before this runs (lint ignores dist/ paths for that reason).
await import('../dist/server/main.js');
