import fc from 'fast-check';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { z } from '#shared/zod.ts';
import { exportFileSchema } from '#shared/schemas/export.ts';
import { createLoggedInUser, login, signup } from '#testing/factories.ts';
import {
  describeRequest,
  describeRoutes,
  hostileRequests,
  type DescribedRoute,
  type JsonSchema,
} from '#testing/hostile-requests.ts';
import { createPng, toDataUrl } from '#testing/images.ts';
import { createRules } from '#testing/rules.ts';
import { createSession } from '#testing/sessions.ts';
import { databaseSnapshotter } from '#testing/database-snapshot.ts';
import { createTestApp, describeEachDialect, type TestApp } from '#testing/test-app.ts';

/** Runs per route and database: ~65 routes, each run one request and two database dumps. */
const RUNS_PER_ROUTE = 40;

/*
 * The routes come from the app's own route table, read from an app built for that alone: a
 * route added tomorrow is fuzzed without anyone listing it here. Nothing is excluded: routes
 * that end a login (logout) or an account (admin deletes) are fuzzed too, and the callers are
 * brought back to life after any request that succeeded.
 */
const routes: DescribedRoute[] = await (async () => {
  const t = await createTestApp('sqlite');
  try {
    // The import takes a ZIP or its export.json, so its route declares no JSON body: the
    // export file's own schema tells the fuzz what a plausible one looks like.
    return describeRoutes(t.app, {
      'POST /api/import': z.toJSONSchema(exportFileSchema, {
        io: 'input',
        unrepresentable: 'any',
      }) as JsonSchema,
    });
  } finally {
    await t.close();
  }
})();

interface Caller {
  username: string;
  password: string;
  cookie: string;
}

let addressCount = 0;
/**
 * Each request comes from an address of its own, so the per-address login and signup limits
 * (tested elsewhere) never turn the fuzz into a run of 429s.
 */
function nextAddress() {
  addressCount += 1;
  return `10.${(addressCount >> 16) & 255}.${(addressCount >> 8) & 255}.${addressCount & 255}`;
}

/**
 * Every route, as the caller its access names (a trader; an administrator for admin routes),
 * gets generated hostile requests. None may answer 5xx, and any refused one (4xx) must leave
 * every table of the database, and every stored image file, as they were.
 */
describeEachDialect('every route under hostile input', (dialect) => {
  let t: TestApp;
  let snapshot: () => Promise<unknown>;
  let admin: Caller;
  let trader: Caller;

  /** Gives the trader something to edit, delete and refuse to change: rules, sessions, a file. */
  async function seed(caller: Caller) {
    const rules = await createRules(t.app, caller.cookie, [
      { description: 'Wait for the setup' },
      { description: 'Risk one percent', notes: 'Never more' },
      { description: 'No revenge trades' },
    ]);
    const rulesFollowed = rules.map((rule, index) => ({ ruleId: rule.id, followed: index > 0 }));
    await createSession(t.app, caller.cookie, { rulesFollowed });
    await createSession(t.app, caller.cookie, {
      name: 'With a chart',
      date: '2026-03-16',
      rulesFollowed,
      screenshotData: toDataUrl(await createPng()),
      resultMoney: 120.5,
    });
  }

  async function isLoggedIn(caller: Caller) {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/user',
      headers: { cookie: caller.cookie },
    });
    return response.statusCode === 200;
  }

  /**
   * A request that succeeded may have logged its caller out, deleted the trader, or spent the
   * trader's login attempts: log in again, or make a new trader in its place.
   */
  async function reviveCallers() {
    if (!(await isLoggedIn(admin))) {
      admin.cookie = await login(t.app, admin.username, admin.password);
    }
    if (await isLoggedIn(trader)) return;
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      remoteAddress: nextAddress(),
      payload: { username: trader.username, password: trader.password },
    });
    const cookie = again.cookies.find((c) => c.name === 'rk_session');
    if (again.statusCode === 200 && cookie) {
      trader.cookie = `${cookie.name}=${cookie.value}`;
      return;
    }
    const account = await signup(t.app);
    trader = { ...account, cookie: await login(t.app, account.username, account.password) };
    await seed(trader);
  }

  beforeAll(async () => {
    t = await createTestApp(dialect);
    // The first account of an empty database is the administrator.
    admin = await createLoggedInUser(t.app);
    trader = await createLoggedInUser(t.app);
    await seed(trader);
    snapshot = databaseSnapshotter(t.database);
  });
  afterAll(() => t.close());

  test('the snapshot holds every table, with the seeded rows', async () => {
    // A snapshot of nothing would make every comparison pass.
    const tables = (await snapshot()) as Record<string, string[]>;
    expect(Object.keys(tables)).toEqual(
      expect.arrayContaining([
        'users',
        'auth_sessions',
        'trading_rules',
        'trading_sessions',
        'session_rule_results',
        'month_stats',
        'notices',
      ]),
    );
    expect(tables.trading_rules).toHaveLength(3);
    expect(await t.listImageFiles()).toHaveLength(2);
  });

  test('the route table was read', () => {
    // A broken reader must not pass by fuzzing nothing.
    const names = routes.map((route) => `${route.method} ${route.url}`);
    expect(names).toEqual(
      expect.arrayContaining(['POST /api/rules', 'PUT /api/sessions/:id', 'POST /api/import']),
    );
    expect(
      routes.find((r) => r.url === '/api/sessions/:id' && r.method === 'PUT')?.body,
    ).toBeDefined();
    expect(routes.find((r) => r.url === '/api/import')?.body?.properties).toHaveProperty('rules');
  });

  for (const route of routes) {
    // The import reads each file in a process of its own (~60 ms to start): 40 runs took 7–9 s
    // alone, and past the usual 20 s on a machine busy with other work.
    const timeout = route.url === '/api/import' ? 60_000 : undefined;
    test(`${route.method} ${route.url}`, { timeout }, async () => {
      const caller = () => (route.access === 'admin' ? admin : trader);
      let hasSucceeded = false;
      await fc.assert(
        fc.asyncProperty(hostileRequests(route), async (request) => {
          if (hasSucceeded) await reviveCallers();
          const before = await snapshot();
          const filesBefore = await t.listImageFiles();
          const response = await t.app.inject({
            method: request.method as 'GET',
            url: request.url,
            headers: { ...request.headers, cookie: caller().cookie },
            remoteAddress: nextAddress(),
            ...(request.payload === undefined ? {} : { payload: request.payload }),
          });
          const where = `${describeRequest(request)} → ${response.statusCode} ${response.body.slice(0, 300)}`;
          expect(response.statusCode, where).toBeLessThan(500);
          hasSucceeded = response.statusCode < 400;
          if (hasSucceeded) return;
          expect(await snapshot(), where).toEqual(before);
          expect(await t.listImageFiles(), where).toEqual(filesBefore);
          if (request.method !== 'HEAD') {
            expect(response.json<{ message: unknown }>().message, where).toEqual(
              expect.any(String),
            );
          }
        }),
        { numRuns: RUNS_PER_ROUTE },
      );
    });
  }
});
