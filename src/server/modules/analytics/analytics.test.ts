import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { addDays, utcDay } from '#shared/calendar.ts';
import type { Analytics } from '#shared/schemas/analytics.ts';
import type { Session } from '#shared/schemas/sessions.ts';
import { exportZip, importFile } from '#testing/data-transfer.ts';
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
    const sessions: Session[] = [];
    for (const date of dates) {
      sessions.push(
        await createSession(t.app, cookie, {
          date,
          rulesFollowed: [
            { ruleId: a!.id, followed: true },
            { ruleId: b!.id, followed: false },
          ],
        }),
      );
    }
    return sessions;
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

  test('the first and last days a date may name are counted in their months; a day past them is refused the same on both databases', async () => {
    // On the last day itself: a session may not be dated after its trader's today.
    await t.close();
    t = await createTestApp(dialect, { now: () => new Date('9998-12-31T12:00:00.000Z') });
    ({ cookie } = await createLoggedInUser(t.app));
    await sessionsOn(['1900-01-01', '9998-12-01', '9998-12-31']);
    const figures = await analytics('from=9998-12-15&to=9998-12-31&today=9998-12-31');
    expect(figures).toMatchObject({ followedCount: 1, totalCount: 2 });
    const all = await analytics('today=9998-12-31');
    expect(
      all.monthlyTrends.map(({ monthKey, totalSessions }) => [monthKey, totalSessions]),
    ).toEqual([
      ['1900-01', 1],
      ['9998-12', 2],
    ]);

    const response = await t.app.inject({
      method: 'POST',
      url: '/api/sessions',
      headers: { cookie },
      payload: { name: 'Far ahead', date: '9999-12-15', rulesFollowed: [] },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().issues).toContainEqual({
      path: 'date',
      message: 'Date must be in the years 1900 to 9998',
    });
    for (const query of ['today=9999-12-15', 'from=9999-12-01&to=9999-12-31']) {
      const refused = await t.app.inject({
        method: 'GET',
        url: `/api/analytics?${query}`,
        headers: { cookie },
      });
      expect(refused.statusCode, query).toBe(400);
    }
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

  describe('answers kept between requests', () => {
    const summaryOf = (figures: Analytics) => ({
      overall: [figures.followedCount, figures.totalCount],
      rules: figures.ruleCompliance.map((rule) => [rule.description, rule.followedCount]),
      months: figures.monthlyTrends.map((month) => [month.monthKey, month.totalSessions]),
    });

    test('an answer is given again while the trader’s summaries are unchanged', async () => {
      const first = await sessionsOn(['2026-03-10']);
      const kept = await analytics('today=2026-03-14');
      // Changed behind the server's back, without a recount: the kept answer still stands…
      await t.database.db.updateTable('rule_stats').set({ followed_count: 0 }).execute();
      expect(await analytics('today=2026-03-14')).toEqual(kept);
      // …until a write recounts the trader's summaries: rule_stats is rebuilt whole.
      const [c] = await createRules(t.app, cookie, [{ description: 'C' }]);
      const [a, b] = first[0]!.rulesFollowed;
      await createSession(t.app, cookie, {
        date: '2026-03-11',
        rulesFollowed: [
          { ruleId: a!.ruleId, followed: false },
          { ruleId: b!.ruleId, followed: false },
          { ruleId: c!.id, followed: true },
        ],
      });
      // By rate: C 1 of 1, A 1 of 2, B 0 of 2.
      expect(summaryOf(await analytics('today=2026-03-14'))).toEqual({
        overall: [2, 5],
        rules: [
          ['C', 1],
          ['A', 1],
          ['B', 0],
        ],
        months: [['2026-03', 2]],
      });
    });

    test('every kind of write ends the kept answers of the trader’s figures', async () => {
      const [first, second] = await sessionsOn(['2026-03-10', '2026-03-11']);
      const read = async () => summaryOf(await analytics('today=2026-03-14'));
      expect(await read()).toMatchObject({ overall: [2, 4], months: [['2026-03', 2]] });

      const edited = await t.app.inject({
        method: 'PUT',
        url: `/api/sessions/${first!.id}`,
        headers: { cookie },
        payload: {
          name: first!.name,
          date: '2026-02-10',
          sessionTypeId: first!.sessionTypeId,
          notes: null,
          rulesFollowed: first!.rulesFollowed.map(({ ruleId }) => ({ ruleId, followed: true })),
        },
      });
      expect(edited.statusCode, edited.body).toBe(200);
      // Moved out of the 30 days into February, with both rules followed.
      expect(await read()).toMatchObject({
        overall: [1, 2],
        months: [
          ['2026-02', 1],
          ['2026-03', 1],
        ],
      });

      const deleted = await t.app.inject({
        method: 'DELETE',
        url: `/api/sessions/${first!.id}`,
        headers: { cookie },
      });
      expect(deleted.statusCode, deleted.body).toBe(200);
      expect(await read()).toMatchObject({ overall: [1, 2], months: [['2026-03', 1]] });

      const bulk = await t.app.inject({
        method: 'POST',
        url: '/api/sessions/bulk-delete',
        headers: { cookie },
        payload: { ids: [second!.id] },
      });
      expect(bulk.statusCode, bulk.body).toBe(200);
      expect(await read()).toEqual({ overall: [0, 0], rules: [], months: [] });

      // Another trader's history, taken in by an import.
      const other = await createLoggedInUser(t.app);
      const [theirs] = await createRules(t.app, other.cookie, [{ description: 'Theirs' }]);
      await createSession(t.app, other.cookie, {
        date: '2026-03-12',
        rulesFollowed: [{ ruleId: theirs!.id, followed: true }],
      });
      await importFile(t.app, cookie, await exportZip(t.app, other.cookie));
      expect(await read()).toEqual({
        overall: [1, 1],
        rules: [['Theirs', 1]],
        months: [['2026-03', 1]],
      });
    });

    test('each trader and each window has an answer of its own', async () => {
      await sessionsOn(['2026-02-10', '2026-03-10']);
      const other = await createLoggedInUser(t.app);
      expect(await analytics('today=2026-03-14')).toMatchObject({ totalCount: 2 });
      expect(await analytics('today=2026-03-14', other.cookie)).toMatchObject({ totalCount: 0 });
      // Another today moves the 30 days; a range covers what it names.
      expect(await analytics('today=2026-02-20')).toMatchObject({ totalCount: 2 });
      expect(await analytics('today=2026-04-30')).toMatchObject({ totalCount: 0 });
      expect(await analytics('from=2026-02-01&to=2026-03-31')).toMatchObject({ totalCount: 4 });
    });
  });

  test('without a day or a range, the 30 days end on the day in UTC', async () => {
    const today = utcDay(new Date());
    await sessionsOn([addDays(today, -30), addDays(today, -29), today]);
    const bare = await t.app.inject({ method: 'GET', url: '/api/analytics', headers: { cookie } });
    expect(bare.statusCode, bare.body).toBe(200);
    // The 30th day back is out: two sessions of one rule followed out of two.
    expect(bare.json<Analytics>()).toMatchObject({ followedCount: 2, totalCount: 4 });
    expect(bare.json()).toEqual(await analytics(`today=${today}`));
  });

  test.each([
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
