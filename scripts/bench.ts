// Prints throughput and latency of the main read endpoints on a real listening server.
// `npm run bench` (SQLite in a temp dir) or `DATABASE_URL=postgres://… npm run bench`.
// A benchmark prints figures; it never fails a build on timing.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
// @ts-expect-error autocannon ships no types
import autocannon from 'autocannon';
import { createApp } from '#server/app.ts';
import { loadConfig } from '#server/config.ts';
import { createDatabase, databaseOptionsFromConfig } from '#server/db/client.ts';
import { migrateToLatest } from '#server/db/migrate.ts';

const DURATION_S = Number(process.env.BENCH_SECONDS ?? 5);
const dataDir = mkdtempSync(join(tmpdir(), 'rulekeeper-bench-'));
const config = loadConfig({ ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'silent' });
const database = createDatabase(databaseOptionsFromConfig(config));
await migrateToLatest(database);
const app = await createApp({ database, config });
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;

const account = {
  username: `bench${Date.now()}`,
  password: 'bench-password',
  fullName: 'Bench Trader',
  email: 'bench@example.com',
};
const post = (path: string, body: object, cookie = '') =>
  fetch(base + path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie },
    body: JSON.stringify(body),
  });
await post('/api/auth/signup', account);
const login = await post('/api/auth/login', {
  username: account.username,
  password: account.password,
});
const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
for (let i = 1; i <= 20; i += 1) {
  await post(
    '/api/rules',
    { description: `Rule number ${i}`, notes: i % 2 ? `Reminder ${i}` : undefined },
    cookie,
  );
}

const targets = [
  ['GET /api/health', '/api/health'],
  ['GET /api/auth/session', '/api/auth/session'],
  ['GET /api/rules (20 rules)', '/api/rules'],
] as const;

console.log(`Rulekeeper bench on ${database.dialect}, ${DURATION_S}s per endpoint, 10 connections`);
console.log('endpoint                     req/s     p50 ms  p99 ms  errors');
for (const [name, path] of targets) {
  const result = await autocannon({
    url: base + path,
    connections: 10,
    duration: DURATION_S,
    headers: { cookie },
  });
  const errors = result.errors + result.non2xx;
  console.log(
    `${name.padEnd(28)} ${String(Math.round(result.requests.average)).padStart(7)}  ${String(result.latency.p50).padStart(7)} ${String(result.latency.p99).padStart(7)}  ${errors}`,
  );
}

await app.close();
rmSync(dataDir, { recursive: true, force: true });
