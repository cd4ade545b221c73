import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, inject, test, vi } from 'vitest';
import { createScratchPostgresDatabase } from '#testing/scratch-postgres.ts';
import { builtCommand, linesOf, startServer, type ServerProcess } from '#testing/server-process.ts';

const root = mkdtempSync(join(tmpdir(), 'rk-single-'));
const started: ServerProcess[] = [];
afterAll(async () => {
  for (const server of started) server.child.kill('SIGKILL');
  await Promise.all(started.map((server) => server.exited));
  rmSync(root, { recursive: true, force: true });
});

function start(env: Record<string, string>) {
  const server = startServer(env);
  started.push(server);
  return server;
}

/** Each test starts servers one after the other: a few seconds each on a busy machine. */
vi.setConfig({ testTimeout: 120_000 });

async function health(base: string) {
  return (await fetch(`${base}/api/health`)).status;
}

test('a second server on a SQLite data folder in use stops with one clear line; the first keeps serving', async () => {
  const dataDir = join(root, 'shared');
  const first = start({ DATA_DIR: dataDir });
  const firstBase = await first.address();

  const second = start({ DATA_DIR: dataDir });
  const outcome = await Promise.race([
    second.exited.then((code) => `exited with ${code}`),
    second.address().then(
      () => 'listening',
      () => 'exited',
    ),
  ]);
  expect(outcome).toBe('exited with 1');
  expect(linesOf(second.output())).toEqual([
    `Another Rulekeeper server is already using the data folder ${dataDir} (SQLite serves one instance; for several, use PostgreSQL with DATABASE_URL).`,
  ]);
  expect(await health(firstBase)).toBe(200);

  // The lock dies with its holder, however it dies: nothing to clean up by hand.
  first.child.kill('SIGKILL');
  expect(await first.exited).toBe(null);
  const third = start({ DATA_DIR: dataDir });
  expect(await health(await third.address())).toBe(200);

  // A clean stop lets go of it too.
  third.child.kill('SIGTERM');
  expect(await third.exited).toBe(0);
  const fourth = start({ DATA_DIR: dataDir });
  expect(await health(await fourth.address())).toBe(200);
});

test('the command-line tools work beside a live server on its data folder', async () => {
  const dataDir = join(root, 'with-tools');
  const server = start({ DATA_DIR: dataDir });
  const base = await server.address();
  // As `npm run user:create` and `npm run sweep:images` run them, with the password piped in.
  const tool = (entry: 'manage-users' | 'sweep-images', args: string[], input = '') =>
    spawnSync(...builtCommand(entry, args), {
      env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' },
      input,
      encoding: 'utf8',
    });

  const created = tool(
    'manage-users',
    ['create', '--username', 'ops', '--full-name', 'Desk Ops', '--email', 'ops@example.com'],
    'ops-password-2026\n',
  );
  expect(created.stderr).toBe('');
  expect(created.stdout.trim()).toBe('Created administrator ops.');
  expect(tool('sweep-images', []).status).toBe(0);

  // The server sees what the tool wrote.
  const login = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'ops', password: 'ops-password-2026' }),
  });
  expect(login.status).toBe(200);
});

test('servers on different SQLite data folders run side by side', async () => {
  const one = start({ DATA_DIR: join(root, 'one') });
  const two = start({ DATA_DIR: join(root, 'two') });
  expect(await health(await one.address())).toBe(200);
  expect(await health(await two.address())).toBe(200);
});

test.skipIf(!inject('postgresUrl'))(
  'with PostgreSQL, several servers share one database and one data folder [postgres]',
  async () => {
    const database = await createScratchPostgresDatabase(inject('postgresUrl') ?? '');
    try {
      const env = { DATA_DIR: join(root, 'postgres'), DATABASE_URL: database.url };
      const one = start(env);
      const two = start(env);
      expect(await health(await one.address())).toBe(200);
      expect(await health(await two.address())).toBe(200);
      one.child.kill('SIGTERM');
      two.child.kill('SIGTERM');
      expect([await one.exited, await two.exited]).toEqual([0, 0]);
    } finally {
      await database.drop();
    }
  },
);
