import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, expect, inject, test } from 'vitest';
import type { Analytics } from '#shared/schemas/analytics.ts';
import type { SessionsPage } from '#shared/schemas/sessions.ts';
import { MAX_LOGIN_ATTEMPTS_PER_USERNAME_AND_ADDRESS } from './modules/auth/attempt-limits.ts';
import { createPng, toDataUrl } from '#testing/images.ts';
import { startTestSmtpServer, type TestSmtpServer } from '#testing/notices.ts';
import { startTestS3Server, type TestBucket, type TestS3Server } from '#testing/s3-server.ts';
import { createScratchPostgresDatabase } from '#testing/scratch-postgres.ts';
import { describePostgres } from '#testing/test-app.ts';
import { startServer, type ServerProcess } from '#testing/server-process.ts';

/**
 * With DATABASE_URL and S3_* an instance keeps no state of its own, so instances behind a
 * balancer act as one app. Two real servers on one PostgreSQL database, one bucket and one mail
 * server: a login made on one is good on the other, an image stored through one is served by
 * the other, figures and pages one keeps end with a write through the other, the login limit
 * counts attempts on both, and the scheduled weekly report, which both run every second, is
 * written and mailed once.
 */
/** The name this test's own connections give PostgreSQL, so that it ends only the servers'. */
const TEST_CLIENT = 'many-instances-test';

describePostgres('two instances on one database and one object store', () => {
  const cleanups: Array<() => Promise<unknown>> = [];
  let s3: TestS3Server;
  let bucket: TestBucket;
  let smtp: TestSmtpServer;
  let databaseUrl: string;
  let dataDirs: string[];
  let one: string;
  let two: string;
  let servers: ServerProcess[];

  function launch(env: Record<string, string>): ServerProcess {
    const server = startServer(env);
    cleanups.push(async () => {
      server.child.kill('SIGTERM');
      await server.exited;
    });
    return server;
  }

  beforeAll(async () => {
    const database = await createScratchPostgresDatabase(inject('postgresUrl') ?? '');
    cleanups.push(database.drop);
    databaseUrl = database.url;
    s3 = await startTestS3Server();
    cleanups.push(() => s3.close());
    bucket = await s3.createBucket();
    smtp = await startTestSmtpServer();
    cleanups.push(() => smtp.close());
    const env = {
      DATABASE_URL: databaseUrl,
      ...bucket.env,
      SMTP_URL: smtp.url,
      MAIL_FROM: 'Rulekeeper <rulekeeper@example.com>',
      JOBS_INTERVAL_SECONDS: '1',
      // On Node 20 the SDK warns that its 2027 versions need Node 22: not what is under test.
      AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
    };
    // Each instance has a data folder of its own, which must stay empty: nothing is kept there.
    dataDirs = await Promise.all([0, 1].map(() => mkdtemp(join(tmpdir(), 'rk-instance-'))));
    cleanups.push(() =>
      Promise.all(dataDirs.map((dir) => rm(dir, { recursive: true, force: true }))),
    );
    // Both start at once: one migrates, and the other must wait for it rather than fail.
    servers = dataDirs.map((dir) => launch({ ...env, DATA_DIR: dir }));
    [one = '', two = ''] = await Promise.all(servers.map((server) => server.address()));
  }, 60_000);

  afterAll(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  const postJson = (base: string, path: string, body: unknown, cookie = '') =>
    fetch(`${base}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
      body: JSON.stringify(body),
    });

  async function logIn(base: string, username: string, password: string) {
    const response = await postJson(base, '/api/auth/login', { username, password });
    expect(response.status).toBe(200);
    const cookie = response.headers
      .getSetCookie()
      .map((header) => header.split(';')[0] ?? '')
      .find((pair) => pair.startsWith('rk_session='));
    if (!cookie) throw new Error('login set no session cookie');
    return cookie;
  }

  async function signUp(base: string, username: string, password: string) {
    const response = await postJson(base, '/api/auth/signup', {
      username,
      password,
      fullName: `Trader ${username}`,
      email: `${username}@example.com`,
    });
    expect(response.status).toBe(201);
  }

  test('a login made on one instance is good on the other, and a logout on either ends it', async () => {
    await signUp(one, 'ann', 'ann-trades-2026');
    const cookie = await logIn(one, 'ann', 'ann-trades-2026');
    const onTwo = await fetch(`${two}/api/auth/session`, { headers: { cookie } });
    expect(await onTwo.json()).toMatchObject({ authenticated: true, user: { username: 'ann' } });

    const logout = await postJson(two, '/api/auth/logout', {}, cookie);
    expect(logout.status).toBe(200);
    const afterOnOne = await fetch(`${one}/api/auth/session`, { headers: { cookie } });
    expect(await afterOnOne.json()).toEqual({ authenticated: false, user: null });
  });

  test('an image uploaded through one instance is stored in the bucket and served by the other', async () => {
    await signUp(two, 'ben', 'ben-trades-2026');
    const cookie = await logIn(two, 'ben', 'ben-trades-2026');
    const rule = await postJson(one, '/api/rules', { description: 'Wait for the setup' }, cookie);
    expect(rule.status).toBe(201);
    const ruleId = (await rule.json()).rule.id as number;
    const png = await createPng(64, 48);
    const saved = await postJson(
      one,
      '/api/sessions',
      {
        name: 'London open',
        date: '2026-01-05',
        sessionTypeId: 1,
        rulesFollowed: [{ ruleId, followed: true }],
        notes: null,
        screenshotData: toDataUrl(png),
      },
      cookie,
    );
    expect(saved.status).toBe(201);
    const created = (await saved.json()).session as { id: number; screenshotPath: string };
    const ref = created.screenshotPath;

    expect(await bucket.listKeys()).toEqual([`screenshots/${ref}`, `thumbnails/${ref}.webp`]);

    const image = await fetch(`${two}/api/screenshots/${ref}`, { headers: { cookie } });
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/png');
    const thumbnail = await fetch(`${two}/api/screenshots/${ref}/thumbnail`, {
      headers: { cookie },
    });
    expect(thumbnail.status).toBe(200);
    expect(thumbnail.headers.get('content-type')).toBe('image/webp');
    expect(Buffer.from(await image.arrayBuffer()).subarray(0, 8)).toEqual(png.subarray(0, 8));

    // Instance two keeps who holds the screenshot, and the thumbnail's bytes: a deletion
    // through instance one ends both there at once.
    const deleted = await fetch(`${one}/api/sessions/${created.id}`, {
      method: 'DELETE',
      headers: { cookie },
    });
    expect(deleted.status).toBe(200);
    for (const path of [`/api/screenshots/${ref}`, `/api/screenshots/${ref}/thumbnail`]) {
      const gone = await fetch(`${two}${path}`, { headers: { cookie } });
      expect(gone.status, path).toBe(404);
    }
  });

  test('figures and pages one instance kept are computed again after a write through the other', async () => {
    await signUp(one, 'eve', 'eve-trades-2026');
    const cookie = await logIn(one, 'eve', 'eve-trades-2026');
    const rule = await postJson(one, '/api/rules', { description: 'Journal every trade' }, cookie);
    const ruleId = (await rule.json()).rule.id as number;
    const figuresOnTwo = async () => {
      const response = await fetch(`${two}/api/analytics?today=2026-01-10`, {
        headers: { cookie },
      });
      expect(response.status).toBe(200);
      const { followedCount, totalCount } = (await response.json()) as Analytics;
      return [followedCount, totalCount];
    };
    const historyOnTwo = async () => {
      const response = await fetch(`${two}/api/sessions`, { headers: { cookie } });
      expect(response.status).toBe(200);
      return ((await response.json()) as SessionsPage).sessions.length;
    };
    expect(await figuresOnTwo()).toEqual([0, 0]);
    expect(await historyOnTwo()).toBe(0);
    for (const [followed, figures] of [
      [true, [1, 1]],
      [false, [1, 2]],
    ] as const) {
      const saved = await postJson(
        one,
        '/api/sessions',
        {
          name: 'Asia session',
          date: '2026-01-08',
          sessionTypeId: 3,
          rulesFollowed: [{ ruleId, followed }],
          notes: null,
        },
        cookie,
      );
      expect(saved.status).toBe(201);
      // Asked twice: the second is answered from what instance two kept, and still holds.
      expect(await figuresOnTwo()).toEqual(figures);
      expect(await figuresOnTwo()).toEqual(figures);
      // One rule a session: as many sessions as checklist items.
      expect(await historyOnTwo()).toBe(figures[1]);
      expect(await historyOnTwo()).toBe(figures[1]);
    }
  });

  test('the login limit counts the attempts made on both instances', async () => {
    await signUp(one, 'cam', 'cam-trades-2026');
    // Wrong passwords, alternating instances: together they spend the username's attempts.
    for (let attempt = 0; attempt < MAX_LOGIN_ATTEMPTS_PER_USERNAME_AND_ADDRESS; attempt += 1) {
      const base = attempt % 2 === 0 ? one : two;
      const response = await postJson(base, '/api/auth/login', {
        username: 'cam',
        password: `wrong-${attempt}`,
      });
      expect(response.status, `attempt ${attempt + 1}`).toBe(401);
    }
    for (const base of [one, two]) {
      const refused = await postJson(base, '/api/auth/login', {
        username: 'cam',
        password: 'cam-trades-2026',
      });
      expect(refused.status).toBe(429);
    }
  });

  test('the weekly report, run by both instances every second, is written and mailed once', async () => {
    // Dan had a session in an earlier week, so a report of the week just ended is owed to him.
    await signUp(two, 'dan', 'dan-trades-2026');
    const cookie = await logIn(two, 'dan', 'dan-trades-2026');
    const rule = await postJson(two, '/api/rules', { description: 'Size by the stop' }, cookie);
    const ruleId = (await rule.json()).rule.id as number;
    const saved = await postJson(
      one,
      '/api/sessions',
      {
        name: 'New York open',
        date: '2026-01-06',
        sessionTypeId: 2,
        rulesFollowed: [{ ruleId, followed: false }],
        notes: null,
      },
      cookie,
    );
    expect(saved.status).toBe(201);

    const admin = new pg.Client({ connectionString: databaseUrl, application_name: TEST_CLIENT });
    await admin.connect();
    cleanups.push(() => admin.end());
    const reportsOfDan = async () => {
      const { rows } = await admin.query<{ mail_status: string }>(
        `select n.mail_status from notices n join users u on u.id = n.user_id
          where u.username = 'dan' and n.kind = 'weekly_report'`,
      );
      return rows;
    };
    const mailsToDan = () => smtp.messages.filter((mail) => mail.to.includes('dan@example.com'));

    await expect.poll(mailsToDan, { timeout: 20_000, interval: 250 }).toHaveLength(1);
    // Several more runs of both instances' jobs: nothing more is written or sent.
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    expect(await reportsOfDan()).toEqual([{ mail_status: 'sent' }]);
    expect(mailsToDan()).toHaveLength(1);
  });

  test('PostgreSQL ending every connection (a restart, a failover) stops neither instance', async () => {
    const admin = new pg.Client({ connectionString: databaseUrl, application_name: TEST_CLIENT });
    await admin.connect();
    try {
      // Both instances' connections, idle in their pools or checked out: the scheduled jobs run
      // every second, each holding its lock in a transaction while it works.
      const { rows } = await admin.query<{ ended: boolean }>(
        `select pg_terminate_backend(pid) as ended from pg_stat_activity
          where datname = current_database() and application_name <> $1`,
        [TEST_CLIENT],
      );
      expect(rows.length).toBeGreaterThan(0);
      expect(rows.every((row) => row.ended)).toBe(true);
    } finally {
      await admin.end();
    }

    for (const base of [one, two]) {
      await expect
        .poll(async () => (await fetch(`${base}/api/health`)).status, { timeout: 10_000 })
        .toBe(200);
    }
    // A few more runs of the jobs on new connections, then both still serve.
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    for (const [index, server] of servers.entries()) {
      expect(server.child.exitCode, server.output()).toBeNull();
      expect((await fetch(`${[one, two][index]}/api/auth/session`)).status).toBe(200);
    }
    expect(servers.map((server) => server.output()).join('\n')).toMatch(
      /PostgreSQL ended an idle connection/,
    );
  });

  test('the instances kept nothing in their data folders', async () => {
    for (const dir of dataDirs) expect(await readdir(dir)).toEqual([]);
  });
});
