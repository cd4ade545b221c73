import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, test } from 'vitest';
import { complianceBand } from '#shared/compliance.ts';
import type { Analytics } from '#shared/schemas/analytics.ts';
import { signupSchema } from '#shared/schemas/auth.ts';
import type { Rule } from '#shared/schemas/rules.ts';
import { login } from '#testing/factories.ts';
import { createTestSchema } from '#testing/postgres-schema.ts';
import { builtCommand } from '#testing/server-process.ts';
import { describeEachDialect, testImportReader } from '#testing/test-app.ts';
import { createApp } from './app.ts';
import { loadConfig } from './config.ts';
import { createDatabase, type AppDatabase, type DatabaseOptions } from './db/client.ts';
import { migrateToLatest } from './db/migrate.ts';
import { createPasswordHasher } from './modules/users/passwords.ts';
import { createUsersService } from './modules/users/users.service.ts';
import { createImageStoreFromConfig } from './storage/from-config.ts';

const root = mkdtempSync(join(tmpdir(), 'rk-seed-demo-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** Runs `npm run seed:demo`'s bundle as a person would, with only the given configuration. */
function seedDemo(env: Record<string, string>) {
  const [node, args] = builtCommand('seed-demo');
  return spawnSync(node, args, {
    env: { ...process.env, PORT: '', DATABASE_URL: '', PGOPTIONS: '', ...env },
    encoding: 'utf8',
  });
}

/** What the script printed: the login and the counts it claims. */
function readPrinted(stdout: string) {
  const counts = stdout.match(
    /(\d+) rules \((\d+) with notes\), (\d+) sessions from (\S+) to (\S+), (\d+) screenshots\./,
  );
  const username = stdout.match(/username: (\S+)/)?.[1];
  const password = stdout.match(/password: (\S+)/)?.[1];
  if (!counts || !username || !password) throw new Error(`unexpected output:\n${stdout}`);
  const [, rules, withNotes, sessions, from, to, screenshots] = counts;
  return {
    username,
    password,
    rules: Number(rules),
    withNotes: Number(withNotes),
    sessions: Number(sessions),
    from: String(from),
    to: String(to),
    screenshots: Number(screenshots),
  };
}

const localDay = (date: Date) =>
  `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;
const isWeekend = (day: string) => [0, 6].includes(new Date(`${day}T00:00:00Z`).getUTCDay());

/** A database of the dialect for the script (its environment) and for the test to read. */
async function prepareDatabase(
  dialect: 'sqlite' | 'postgres',
  dataDir: string,
): Promise<{ env: Record<string, string>; options: DatabaseOptions; drop: () => Promise<void> }> {
  if (dialect === 'sqlite') {
    return {
      env: { DATA_DIR: dataDir },
      options: { dialect, filename: join(dataDir, 'rulekeeper.db') },
      drop: async () => {},
    };
  }
  const { connectionString, schema, drop } = await createTestSchema('seed');
  return {
    // node-postgres reads PGOPTIONS: the script works in this schema, not in public.
    env: {
      DATA_DIR: dataDir,
      DATABASE_URL: connectionString,
      PGOPTIONS: `-c search_path=${schema}`,
    },
    options: { dialect, connectionString, searchPath: schema },
    drop,
  };
}

/** The journal in the database is the one the script printed, and every file belongs to a row. */
async function expectDemoJournal(
  database: AppDatabase,
  dataDir: string,
  printed: ReturnType<typeof readPrinted>,
) {
  const { db } = database;
  const users = await db.selectFrom('users').select('id').where('username', '=', 'demo').execute();
  expect(users).toHaveLength(1);
  const sessions = await db
    .selectFrom('trading_sessions')
    .select(['session_date', 'compliance_rating', 'screenshot_ref', 'result_r', 'result_money'])
    .where('user_id', '=', users[0]!.id)
    .orderBy('session_date')
    .execute();
  const days = sessions.map((session) => String(session.session_date).slice(0, 10));
  expect(sessions).toHaveLength(printed.sessions);
  expect(sessions.length).toBeGreaterThan(80);
  expect(days.filter(isWeekend)).toEqual([]);
  expect([days[0], days.at(-1)]).toEqual([printed.from, printed.to]);

  const today = new Date();
  const sixMonthsAgo = new Date(today.getFullYear(), today.getMonth() - 6, today.getDate() - 1);
  const lastWeekend = new Date(today.getFullYear(), today.getMonth(), today.getDate() - 4);
  expect(printed.from >= localDay(sixMonthsAgo)).toBe(true);
  expect(printed.to > localDay(lastWeekend) && printed.to <= localDay(today)).toBe(true);

  // Varied, and better in the second half of the six months than in the first.
  const ratings = sessions.map((session) => session.compliance_rating);
  expect(new Set(ratings.map(complianceBand))).toEqual(new Set(['green', 'amber', 'red']));
  const mean = (values: number[]) => values.reduce((sum, v) => sum + v, 0) / values.length;
  const half = Math.floor(ratings.length / 2);
  expect(mean(ratings.slice(half))).toBeGreaterThan(mean(ratings.slice(0, half)));

  // Most sessions have a result, and discipline pays: green sessions make more R than red ones.
  const withResult = sessions.filter((session) => session.result_r !== null);
  expect(withResult.length).toBeGreaterThan(sessions.length * 0.75);
  expect(withResult.length).toBeLessThan(sessions.length);
  const meanR = (band: string) =>
    mean(
      withResult
        .filter((session) => complianceBand(session.compliance_rating) === band)
        .map((session) => session.result_r!),
    );
  expect(meanR('green')).toBeGreaterThan(meanR('red'));

  const refs = sessions.flatMap((session) =>
    session.screenshot_ref ? [session.screenshot_ref] : [],
  );
  expect(refs).toHaveLength(printed.screenshots);
  expect(refs.length).toBeGreaterThanOrEqual(5);
  const files = (folder: string) =>
    existsSync(join(dataDir, 'images', folder))
      ? readdirSync(join(dataDir, 'images', folder)).sort()
      : [];
  expect(files('screenshots')).toEqual([...refs].sort());
  expect(files('thumbnails')).toEqual(refs.map((ref) => `${ref}.webp`).sort());
  return refs;
}

describeEachDialect('npm run seed:demo', (dialect) => {
  test('creates a demo trader whose printed login works, and recreates it whole on a second run', async () => {
    const dataDir = join(root, `data-${dialect}`);
    const { env, options, drop } = await prepareDatabase(dialect, dataDir);
    try {
      for (const run of [1, 2]) {
        const result = seedDemo(env);
        expect(result.stderr, `run ${run}`).toBe('');
        expect(result.status, `run ${run}`).toBe(0);
        expect(result.stdout).toContain('open http://localhost:5000 and log in with');
        const printed = readPrinted(result.stdout);
        expect(printed).toMatchObject({ username: 'demo', rules: 8, withNotes: 4 });

        const database = createDatabase(options);
        const refs = await expectDemoJournal(database, dataDir, printed);
        const config = loadConfig({ DATA_DIR: dataDir });
        const images = await createImageStoreFromConfig(config);
        // It closes the database.
        const app = await createApp({ database, config, images, importReader: testImportReader() });
        try {
          const cookie = await login(app, printed.username, printed.password);
          const get = (url: string) => app.inject({ method: 'GET', url, headers: { cookie } });
          const { rules } = (await get('/api/rules')).json<{ rules: Rule[] }>();
          expect(rules.map((rule) => rule.description)).toContain('No revenge trades after a loss');
          expect(rules.filter((rule) => rule.notes)).toHaveLength(4);
          const analytics = (await get(`/api/analytics?today=${printed.to}`)).json<Analytics>();
          expect(analytics.ruleCompliance).toHaveLength(8);
          const total = analytics.monthlyTrends.reduce(
            (sum, month) => sum + month.totalSessions,
            0,
          );
          expect(total).toBe(printed.sessions);
          const screenshot = await get(`/api/screenshots/${refs[0]}`);
          expect(screenshot.statusCode).toBe(200);
          expect(screenshot.headers['content-type']).toBe('image/png');
        } finally {
          await app.close();
        }
      }
    } finally {
      await drop();
    }
  }, 90_000);
});

test('an account named demo that the script did not make is refused, not deleted', async () => {
  const dataDir = join(root, 'data-not-ours');
  const database = createDatabase({ dialect: 'sqlite', filename: join(dataDir, 'rulekeeper.db') });
  await migrateToLatest(database);
  const users = createUsersService({
    database,
    images: await createImageStoreFromConfig({ dataDir }),
    isSignupConfiguredOpen: true,
    passwords: createPasswordHasher(),
  });
  await users.signup(
    signupSchema.parse({
      username: 'demo',
      password: 'a-real-password-1',
      fullName: 'A Real Person',
      email: 'real@example.com',
    }),
  );
  await database.db.destroy();

  const result = seedDemo({ DATA_DIR: dataDir });
  expect(result.status).toBe(1);
  expect(result.stderr.trim()).toBe(
    'Could not create the demo trader: a user named "demo" exists with another email: not the demo trader, so it is left as it is',
  );

  const after = createDatabase({ dialect: 'sqlite', filename: join(dataDir, 'rulekeeper.db') });
  const rows = await after.db.selectFrom('users').select('email').execute();
  await after.db.destroy();
  expect(rows).toEqual([{ email: 'real@example.com' }]);
});
