import { afterEach, beforeEach, expect, test } from 'vitest';
import type { Analytics } from '#shared/schemas/analytics.ts';
import { createLoggedInUser } from '#testing/factories.ts';
import { expectRefusedQuery } from '#testing/requests.ts';
import { createRules } from '#testing/rules.ts';
import { createSession } from '#testing/sessions.ts';
import { createTestApp, describeEachDialect, type TestApp } from '#testing/test-app.ts';

describeEachDialect('GET /api/analytics', (dialect) => {
  let t: TestApp;
  let cookie: string;
  beforeEach(async () => {
    t = await createTestApp(dialect);
    ({ cookie } = await createLoggedInUser(t.app));
  });
  afterEach(() => t.close());

  const analytics = async (query: string, as = cookie) => {
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/analytics?${query}`,
      headers: { cookie: as },
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<Analytics>();
  };

  /** One session a day, each with one rule followed out of two. */
  const sessionsOn = async (dates: string[]) => {
    const [a, b] = await createRules(t.app, cookie, [{ description: 'A' }, { description: 'B' }]);
    for (const date of dates) {
      await createSession(t.app, cookie, {
        date,
        rulesFollowed: [
          { ruleId: a!.id, followed: true },
          { ruleId: b!.id, followed: false },
        ],
      });
    }
  };

  test('a new trader gets zeros and empty lists', async () => {
    expect(await analytics('today=2026-03-14')).toEqual({
      overallCompliance: 0,
      followedCount: 0,
      totalCount: 0,
      ruleCompliance: [],
      monthlyTrends: [],
    });
  });

  test('the 30-day window ends on the trader’s today and includes its first day', async () => {
    await sessionsOn(['2026-02-12', '2026-02-13', '2026-03-14', '2026-03-15']);
    const figures = await analytics('today=2026-03-14');
    // 2026-02-13 … 2026-03-14: two sessions, two of four items followed.
    expect(figures).toMatchObject({ overallCompliance: 50, followedCount: 2, totalCount: 4 });
    // The rule and monthly figures cover all history.
    expect(figures.monthlyTrends).toEqual([
      { month: 'Feb 2026', monthKey: '2026-02', averageCompliance: 50, totalSessions: 2 },
      { month: 'Mar 2026', monthKey: '2026-03', averageCompliance: 50, totalSessions: 2 },
    ]);
    expect(figures.ruleCompliance.map((rule) => [rule.description, rule.totalCount])).toEqual([
      ['A', 4],
      ['B', 4],
    ]);
  });

  test('a range includes its first and last day, for every figure', async () => {
    await sessionsOn(['2026-01-31', '2026-02-01', '2026-02-28', '2026-03-01']);
    const figures = await analytics('from=2026-02-01&to=2026-02-28&today=2026-03-14');
    expect(figures).toMatchObject({ followedCount: 2, totalCount: 4 });
    expect(figures.monthlyTrends).toEqual([
      { month: 'Feb 2026', monthKey: '2026-02', averageCompliance: 50, totalSessions: 2 },
    ]);
    expect(figures.ruleCompliance[0]).toMatchObject({
      description: 'A',
      complianceRate: 100,
      followedCount: 2,
      totalCount: 2,
    });
  });

  test("another trader's sessions never count", async () => {
    await sessionsOn(['2026-03-14']);
    const other = await createLoggedInUser(t.app);
    const [rule] = await createRules(t.app, other.cookie, [{ description: 'Theirs' }]);
    await createSession(t.app, other.cookie, {
      date: '2026-03-14',
      rulesFollowed: [{ ruleId: rule!.id, followed: true }],
    });
    const mine = await analytics('today=2026-03-14');
    expect(mine).toMatchObject({ overallCompliance: 50, followedCount: 1, totalCount: 2 });
    expect(mine.ruleCompliance.map((r) => r.description)).toEqual(['A', 'B']);
    const theirs = await analytics('today=2026-03-14', other.cookie);
    expect(theirs).toMatchObject({ overallCompliance: 100, followedCount: 1, totalCount: 1 });
  });

  test.each([
    { query: '', path: 'today' },
    { query: 'today=2026-02-30', path: 'today' },
    { query: 'from=2026-03-02&to=2026-03-01', path: 'from' },
    { query: 'from=yesterday', path: 'from' },
    { query: 'today=2026-03-14&days=30', path: '' },
  ])('?$query answers 400 naming the parameter', ({ query, path }) =>
    expectRefusedQuery(t.app, cookie, `/api/analytics?${query}`, path),
  );

  test('the figures need a login', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/analytics?today=2026-03-14' });
    expect(response.statusCode).toBe(401);
  });
});
