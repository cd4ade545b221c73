import { spawnSync } from 'node:child_process';
import {
  chmodSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Session } from '#shared/schemas/sessions.ts';
import { createPng, toDataUrl } from '#testing/images.ts';
import { recordImports } from '#testing/import-recorder.ts';
import { startTestS3Server, type TestS3Server } from '#testing/s3-server.ts';
import { buildSession } from '#testing/sessions.ts';
import { createDatabase } from './db/client.ts';
import { migrateToLatest } from './db/migrate.ts';
import { PASSWORD_COST } from './modules/users/passwords.ts';
import { linesOf, startServer as startProcess } from '#testing/server-process.ts';

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

/** The server, as `npm run serve` runs it, on a data folder of its own unless `env` names one. */
function startServer(env: Record<string, string>, prefix: string[] = []) {
  return startProcess({ DATA_DIR: dataFolder(), ...env }, prefix);
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
    const base = await server.address();

    // The request is in flight for sure: half its body is sent, the signal goes once the
    // server has logged the request, and the rest of the body only once it says it is shutting
    // down. (Timing it against the password hash alone lost the race on a fast machine.)
    const body = JSON.stringify({
      username: 'late',
      password: 'long-enough-to-pass',
      fullName: 'Late Trader',
      email: 'late@example.com',
    });
    const request = httpRequest(`${base}/api/auth/signup`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
    });
    const answered = new Promise<number>((resolve, reject) => {
      request.once('response', (response) => {
        response.resume();
        resolve(response.statusCode ?? 0);
      });
      request.once('error', reject);
    });
    request.write(body.slice(0, 10));
    await server.waitForOutput(
      /incoming request.*\/api\/auth\/signup|\/api\/auth\/signup.*incoming request/,
    );
    server.child.kill('SIGTERM');
    await server.waitForOutput(/shutting down/);
    request.end(body.slice(10));

    expect(await answered).toBe(201);
    expect(await server.exited).toBe(0);
    const log = server.output();
    expect(log.indexOf('"statusCode":201')).toBeGreaterThan(log.indexOf('shutting down'));
    await expect(fetch(`${base}/api/health`)).rejects.toThrow();
  });

  test('a server without Redis, S3 or mail loads none of their libraries (start-up time)', async () => {
    const server = startServer(
      recordImports(root, ['fastify', 'redis', '@aws-sdk/client-s3', 'nodemailer']),
    );
    await server.address();
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
    const imported = server.output().match(/^imported .+$/gm);
    // fastify shows that the recorder sees the server's imports.
    expect(imported).toEqual(['imported fastify']);
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

  test('the server hashes passwords at full cost (only the API tests make cheap hashes)', async () => {
    const server = startServer({});
    const [, port] = await server.waitForOutput(/on http:\/\/localhost:(\d+)/);
    const folder = join(root, `data-${folders}`);
    const signup = await fetch(`http://127.0.0.1:${port}/api/auth/signup`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        username: 'full_cost',
        password: 'long-enough-to-pass',
        fullName: 'Full Cost',
        email: 'cost@example.com',
      }),
    });
    expect(signup.status).toBe(201);
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
    const database = createDatabase({ dialect: 'sqlite', filename: join(folder, 'rulekeeper.db') });
    try {
      const { password_hash } = await database.db
        .selectFrom('users')
        .select('password_hash')
        .executeTakeFirstOrThrow();
      // OWASP's minimum for argon2id, written out: lowering PASSWORD_COST fails here.
      expect(password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
      expect(PASSWORD_COST).toEqual({ memoryCost: 19_456, timeCost: 2 });
    } finally {
      await database.db.destroy();
    }
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

  test('accounts made by an earlier release get a search text and a folded username as the server serves', async () => {
    const folder = join(root, 'earlier-release');
    mkdirSync(folder, { mode: 0o700 });
    const before = createDatabase({ dialect: 'sqlite', filename: join(folder, 'rulekeeper.db') });
    await migrateToLatest(before);
    // As an instance of the earlier release writes an account: no search text.
    await before.db
      .insertInto('users')
      .values({
        username: 'Earlier',
        username_normalized: 'earlier',
        password_hash: 'x',
        full_name: 'Élodie Earlier',
        email: 'earlier@example.com',
      })
      .execute();
    // The earlier release kept a final sigma as ς (the migration to σ had run before).
    await before.db
      .insertInto('users')
      .values({
        username: 'ΖΕΥΣ',
        username_normalized: 'ζευς',
        password_hash: 'x',
        full_name: 'Zeus',
        email: 'zeus@example.com',
        search_text: 'ζευσ\nzeus\nzeus@example.com\n',
      })
      .execute();
    await before.db.destroy();

    const server = startServer({ DATA_DIR: folder });
    await server.waitForOutput(/search text written for 1 account\(s\)/);
    await server.waitForOutput(/username folded for 1 account\(s\)/);
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
    const after = createDatabase({ dialect: 'sqlite', filename: join(folder, 'rulekeeper.db') });
    try {
      const rows = await after.db
        .selectFrom('users')
        .select(['username_normalized', 'search_text'])
        .orderBy('id')
        .execute();
      expect(rows).toEqual([
        {
          username_normalized: 'earlier',
          search_text: 'earlier\nélodie earlier\nearlier@example.com\n',
        },
        { username_normalized: 'ζευσ', search_text: 'ζευσ\nzeus\nzeus@example.com\n' },
      ]);
    } finally {
      await after.db.destroy();
    }
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

describe('the server process with images in an S3 bucket', () => {
  let s3: TestS3Server;
  beforeAll(async () => {
    s3 = await startTestS3Server();
  });
  afterAll(() => s3.close());
  // On Node 20 the SDK warns that its 2027 versions need Node 22: not the line under test.
  const quiet = { AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true' };

  test('a screenshot goes to the bucket and nothing to the data folder', async () => {
    const bucket = await s3.createBucket();
    const server = startServer({
      ...bucket.env,
      ...quiet,
      ...recordImports(root, ['@aws-sdk/client-s3']),
    });
    const [, port] = await server.waitForOutput(/on http:\/\/localhost:(\d+)/);
    const folder = join(root, `data-${folders}`);
    expect(server.output()).toContain(`images in the S3 bucket ${bucket.bucket}`);
    expect(server.output()).toContain('imported @aws-sdk/client-s3');
    const base = `http://127.0.0.1:${port}`;

    const post = (path: string, body: unknown, cookie = '') =>
      fetch(`${base}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie },
        body: JSON.stringify(body),
      });
    const account = { username: 'bucketeer', password: 'long-enough-to-pass' };
    const signup = await post('/api/auth/signup', {
      ...account,
      fullName: 'Bucket Trader',
      email: 'bucket@example.com',
    });
    expect(signup.status).toBe(201);
    const login = await post('/api/auth/login', account);
    expect(login.status).toBe(200);
    const cookie = login.headers
      .getSetCookie()
      .map((line) => line.split(';')[0])
      .join('; ');
    const created = await post(
      '/api/sessions',
      buildSession({ screenshotData: toDataUrl(await createPng()) }),
      cookie,
    );
    expect(created.status).toBe(201);
    const { session } = (await created.json()) as { session: Session };
    const ref = session.screenshotPath;

    expect(await bucket.listKeys()).toEqual([`screenshots/${ref}`, `thumbnails/${ref}.webp`]);
    const served = await fetch(`${base}/api/screenshots/${ref}`, { headers: { cookie } });
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(existsSync(join(folder, 'images'))).toBe(false);

    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
  });

  test('a missing bucket stops the start with one clear line', async () => {
    const { env } = await s3.createBucket();
    const server = startServer({ ...env, S3_BUCKET: 'no-such-bucket', ...quiet });
    expect(await server.exited).toBe(1);
    expect(linesOf(server.output())).toEqual([
      `Cannot use the S3 bucket no-such-bucket at ${s3.endpoint} (S3_BUCKET, S3_ENDPOINT): the bucket does not exist.`,
    ]);
  });

  test('an S3 endpoint that refuses connections stops the start with one clear line', async () => {
    const { env, bucket } = await s3.createBucket();
    const server = startServer({ ...env, S3_ENDPOINT: 'http://127.0.0.1:1', ...quiet });
    expect(await server.exited).toBe(1);
    expect(linesOf(server.output())).toEqual([
      `Cannot use the S3 bucket ${bucket} at http://127.0.0.1:1 (S3_BUCKET, S3_ENDPOINT): connection refused.`,
    ]);
  });
});

test('setpriv is there when the tests run as root (util-linux)', () => {
  if (withoutRootOverride.length === 0) return;
  expect(spawnSync('setpriv', ['--version']).status).toBe(0);
});
