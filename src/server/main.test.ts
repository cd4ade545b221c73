import { spawn, spawnSync } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';

const root = mkdtempSync(join(tmpdir(), 'rk-main-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

let folders = 0;
function dataFolder() {
  folders += 1;
  return join(root, `data-${folders}`);
}

/**
 * Root may write anywhere: to see a read-only folder as a service user would, the server
 * runs without the capabilities that let root ignore file permissions.
 */
const withoutRootOverride =
  process.getuid?.() === 0
    ? ['setpriv', '--bounding-set=-dac_override,-dac_read_search', '--']
    : [];

/** Runs `src/server/main.ts` as `npm run dev` does, and collects what it prints. */
function startServer(env: Record<string, string>, prefix: string[] = []) {
  const [command = process.execPath, ...args] = [
    ...prefix,
    process.execPath,
    '--import',
    'tsx',
    'src/server/main.ts',
  ];
  const child = spawn(command, args, {
    env: {
      ...process.env,
      DATA_DIR: dataFolder(),
      HOST: '127.0.0.1',
      PORT: '0',
      LOG_LEVEL: 'info',
      DATABASE_URL: '',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const waiters: Array<{ pattern: RegExp; resolve: (match: RegExpMatchArray) => void }> = [];
  const onData = (chunk: Buffer) => {
    output += chunk.toString();
    for (const waiter of [...waiters]) {
      const match = output.match(waiter.pattern);
      if (match) {
        waiters.splice(waiters.indexOf(waiter), 1);
        waiter.resolve(match);
      }
    }
  };
  child.stdout.on('data', onData);
  child.stderr.on('data', onData);
  const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
  /** Resolves when the output matches, so a test acts on what the server did, not on a timer. */
  const waitForOutput = (pattern: RegExp) =>
    new Promise<RegExpMatchArray>((resolve, reject) => {
      const match = output.match(pattern);
      if (match) return resolve(match);
      waiters.push({ pattern, resolve });
      void exited.then(() => reject(new Error(`exited before printing ${pattern}:\n${output}`)));
    });
  return { child, exited, output: () => output, waitForOutput };
}

/** The lines a failed start printed, without npm's or Node's own warnings. */
function linesOf(output: string) {
  return output
    .split('\n')
    .filter((line) => line.trim() !== '' && !line.includes('ExperimentalWarning'));
}

describe('the server process', () => {
  test('a bad configuration value stops the start with a message naming the variable', async () => {
    const server = startServer({ PORT: 'eighty', SIGNUP: 'maybe' });
    expect(await server.exited).toBe(1);
    expect(server.output()).toContain('PORT: must be a port number from 0 to 65535');
    expect(server.output()).toContain('SIGNUP:');
  });

  test('SIGTERM lets an in-flight request finish, then exits cleanly', async () => {
    const server = startServer({ LOG_LEVEL: 'debug' });
    const [, port] = await server.waitForOutput(/on http:\/\/localhost:(\d+)/);
    const base = `http://127.0.0.1:${port}`;

    // A signup spends a while hashing the password: the signal goes as soon as the server
    // has seen the request.
    const inFlight = fetch(`${base}/api/auth/signup`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        username: 'late',
        password: 'long-enough-to-pass',
        fullName: 'Late Trader',
        email: 'late@example.com',
      }),
    });
    await server.waitForOutput(
      /incoming request.*\/api\/auth\/signup|\/api\/auth\/signup.*incoming request/,
    );
    server.child.kill('SIGTERM');

    expect((await inFlight).status).toBe(201);
    expect(await server.exited).toBe(0);
    const log = server.output();
    expect(log.indexOf('shutting down')).toBeGreaterThan(-1);
    expect(log.indexOf('"statusCode":201')).toBeGreaterThan(log.indexOf('shutting down'));
    await expect(fetch(`${base}/api/health`)).rejects.toThrow();
  });

  test('a new data folder and database file are readable by the server user only', async () => {
    const server = startServer({});
    await server.waitForOutput(/on http:\/\/localhost:\d+/);
    const folder = join(root, `data-${folders}`);
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
    expect(statSync(folder).mode & 0o777).toBe(0o700);
    expect(statSync(join(folder, 'rulekeeper.db')).mode & 0o777).toBe(0o600);
  });

  test('a read-only data folder stops the start with one clear line', async () => {
    const folder = join(root, 'read-only');
    mkdirSync(folder, { mode: 0o500 });
    chmodSync(folder, 0o500);
    const server = startServer({ DATA_DIR: folder }, withoutRootOverride);
    expect(await server.exited).toBe(1);
    expect(linesOf(server.output())).toEqual([
      `Cannot write to the data folder ${folder} (DATA_DIR): permission denied.`,
    ]);
  });

  test('a data folder whose database file is not a database stops the start with one clear line', async () => {
    const folder = join(root, 'not-a-database');
    mkdirSync(folder);
    writeFileSync(
      join(folder, 'rulekeeper.db'),
      'these are my trading notes, not a database\n'.repeat(100),
    );
    const server = startServer({ DATA_DIR: folder });
    expect(await server.exited).toBe(1);
    expect(linesOf(server.output())).toEqual([
      `The file in the data folder ${folder} (DATA_DIR) is not a SQLite database: rulekeeper.db must be the app's database or absent.`,
    ]);
  });

  test('an unreachable PostgreSQL stops the start with one clear line', async () => {
    const server = startServer({ DATABASE_URL: 'postgres://postgres@127.0.0.1:1/rulekeeper' });
    expect(await server.exited).toBe(1);
    expect(linesOf(server.output())).toEqual([
      'Cannot connect to PostgreSQL at 127.0.0.1:1/rulekeeper (DATABASE_URL): connection refused.',
    ]);
  });

  test('an unreachable Redis stops the start with one clear line, without its password', async () => {
    const server = startServer({ REDIS_URL: 'redis://:secret-password@127.0.0.1:1/0' });
    expect(await server.exited).toBe(1);
    expect(linesOf(server.output())).toEqual([
      'Cannot connect to Redis at 127.0.0.1:1 (REDIS_URL): connection refused.',
    ]);
  });
});

test('setpriv is there when the tests run as root (util-linux)', () => {
  if (withoutRootOverride.length === 0) return;
  expect(spawnSync('setpriv', ['--version']).status).toBe(0);
});
