import { afterEach, beforeEach, expect, test } from 'vitest';
import type {
  CalendarDay,
  Streaks,
  WeakestRule,
  WeakestRuleAnswer,
} from '#shared/schemas/discipline.ts';
import type { Rule } from '#shared/schemas/rules.ts';
import { createLoggedInUser } from '#testing/factories.ts';
import { expectRefusedQuery } from '#testing/requests.ts';
import { createRules } from '#testing/rules.ts';
import { buildSession, createSession } from '#testing/sessions.ts';
import { createTestApp, describeEachDialect, type TestApp } from '#testing/test-app.ts';

describeEachDialect('GET /api/discipline', (dialect) => {
  let t: TestApp;
  let cookie: string;
  beforeEach(async () => {
    t = await createTestApp(dialect);
    ({ cookie } = await createLoggedInUser(t.app));
  });
  afterEach(() => t.close());

  const get = async <T>(url: string, as = cookie) => {
    const response = await t.app.inject({ method: 'GET', url, headers: { cookie: as } });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<T>();
  };
  const streaks = async (as = cookie) =>
    (await get<{ streaks: Streaks }>('/api/discipline/streaks', as)).streaks;
  const weakest = async (today: string, as = cookie) =>
    (
      await get<{ weakestRule: WeakestRule | null }>(
        `/api/discipline/weakest-rule?today=${today}`,
        as,
      )
    ).weakestRule;
  const calendar = async (from: string, to: string, as = cookie) =>
    (await get<{ days: CalendarDay[] }>(`/api/discipline/calendar?from=${from}&to=${to}`, as)).days;

  /** A session on `date` whose checklist holds `items`: rule → followed. */
  const session = (date: string, items: [Rule, boolean][], as = cookie) =>
    createSession(t.app, as, {
      date,
      rulesFollowed: items.map(([rule, followed]) => ({ ruleId: rule.id, followed })),
    });

  /** Ten rules: a session rated `rating` (a multiple of 10) follows the first rating/10. */
  const tenRules = () =>
    createRules(
      t.app,
      cookie,
      Array.from({ length: 10 }, (_, i) => ({ description: `Rule ${i + 1}` })),
    );
  const rated = (rules: Rule[], date: string, rating: number) =>
    session(
      date,
      rules.map((rule, i): [Rule, boolean] => [rule, i < rating / 10]),
    );

  test('a new trader has no runs, no weakest rule and an empty calendar', async () => {
    const [rule] = await createRules(t.app, cookie, [{ description: 'Stop loss' }]);
    expect(await streaks()).toEqual({
      perfect: { current: 0, longest: 0 },
      excellent: { current: 0, longest: 0 },
      rules: [{ ruleId: rule!.id, description: 'Stop loss', current: 0 }],
    });
    expect(await weakest('2026-03-14')).toBeNull();
    expect(await calendar('2026-01-01', '2026-12-31')).toEqual([]);
  });

  test('runs cross days without sessions and month ends; same-day sessions go by id', async () => {
    const rules = await tenRules();
    // Created out of date order: the runs follow the dates, not the order of creation.
    await rated(rules, '2026-03-05', 100);
    await rated(rules, '2026-01-31', 100);
    await rated(rules, '2026-02-28', 90);
    await rated(rules, '2026-01-29', 100);
    await rated(rules, '2026-03-31', 90);
    await rated(rules, '2026-02-01', 100);
    await rated(rules, '2026-03-01', 100);
    await rated(rules, '2026-03-01', 50); // after the 100 of the same day
    // 100s: 01-29, 01-31, 02-01 (3) | 90 | 03-01 (1) | 50 | 03-05 (1) | 90 (latest).
    // ≥ 90: 01-29 … 03-01 (5) | 50 | 03-05, 03-31 (2).
    expect(await streaks()).toMatchObject({
      perfect: { current: 0, longest: 3 },
      excellent: { current: 2, longest: 5 },
    });

    await rated(rules, '2026-04-30', 100);
    await rated(rules, '2026-05-01', 100);
    expect(await streaks()).toMatchObject({
      perfect: { current: 2, longest: 3 },
      excellent: { current: 4, longest: 5 },
    });
    // A session dated before the others changes the longest, not the current run.
    await rated(rules, '2026-01-28', 100);
    expect(await streaks()).toMatchObject({
      perfect: { current: 2, longest: 4 },
      excellent: { current: 4, longest: 6 },
    });
    // A later 89% ends both current runs.
    await rated(rules, '2026-05-02', 80);
    expect(await streaks()).toMatchObject({
      perfect: { current: 0, longest: 4 },
      excellent: { current: 0, longest: 6 },
    });
  });

  test('the same-day order is the id, whatever the creation order of other days', async () => {
    const rules = await tenRules();
    await rated(rules, '2026-03-02', 50);
    await rated(rules, '2026-03-02', 100);
    expect(await streaks()).toMatchObject({ perfect: { current: 1, longest: 1 } });
  });

  test('a session without checklist items is rated 0 and breaks the runs', async () => {
    // Recorded before the trader had rules.
    await session('2026-03-02', []);
    const rules = await tenRules();
    await rated(rules, '2026-03-01', 100);
    expect(await streaks()).toMatchObject({
      perfect: { current: 0, longest: 1 },
      excellent: { current: 0, longest: 1 },
    });
    expect(await calendar('2026-03-02', '2026-03-02')).toEqual([
      { date: '2026-03-02', sessionCount: 1, complianceRating: 0, band: 'red' },
    ]);
  });

  test('a rule’s run skips the sessions without it, in the trader’s rule order', async () => {
    // A checklist lists the rules of its day: C, added after the sessions of 02-01 and 03-01
    // were recorded, is only in the two recorded after it, dated 01-31 and 02-10. Its run
    // crosses 02-01 and ends past 03-01.
    const [a, b, d] = await createRules(t.app, cookie, [
      { description: 'A' },
      { description: 'B' },
      { description: 'D' },
    ]);
    await session('2026-03-01', [
      [a!, true],
      [b!, true],
      [d!, false],
    ]);
    await session('2026-02-01', [
      [a!, true],
      [b!, false],
      [d!, false],
    ]);
    const [c] = await createRules(t.app, cookie, [{ description: 'C' }]);
    await session('2026-01-31', [
      [a!, true],
      [b!, false],
      [d!, false],
      [c!, true],
    ]);
    await session('2026-02-10', [
      [a!, false],
      [b!, true],
      [d!, true],
      [c!, true],
    ]);
    const [e] = await createRules(t.app, cookie, [{ description: 'E' }]);
    // A deleted rule keeps its history but has no run; a renamed one shows its new text.
    await t.app.inject({ method: 'DELETE', url: `/api/rules/${d!.id}`, headers: { cookie } });
    await t.app.inject({
      method: 'PUT',
      url: `/api/rules/${a!.id}`,
      headers: { cookie },
      payload: { description: 'A, renamed' },
    });
    // The trader's order, not the ids'.
    const reorder = await t.app.inject({
      method: 'PUT',
      url: '/api/rules/reorder',
      headers: { cookie },
      payload: { ruleIds: [e!.id, c!.id, b!.id, a!.id] },
    });
    expect(reorder.statusCode, reorder.body).toBe(200);
    expect((await streaks()).rules).toEqual([
      { ruleId: e!.id, description: 'E', current: 0 },
      { ruleId: c!.id, description: 'C', current: 2 },
      { ruleId: b!.id, description: 'B', current: 2 },
      { ruleId: a!.id, description: 'A, renamed', current: 1 },
    ]);
    // Broken in the latest session that held it: 0.
    await session('2026-03-02', [
      [a!, true],
      [b!, false],
      [c!, true],
      [e!, true],
    ]);
    expect((await streaks()).rules.find((rule) => rule.ruleId === b!.id)?.current).toBe(0);
  });

  test('a rule never broken runs over all its items, until an edit breaks it, and again after', async () => {
    const [kept, broken] = await createRules(t.app, cookie, [
      { description: 'Kept' },
      { description: 'Broken' },
    ]);
    await session('2026-01-05', [
      [kept!, true],
      [broken!, false],
    ]);
    const middle = await session('2026-01-06', [
      [kept!, true],
      [broken!, true],
    ]);
    await session('2026-01-07', [
      [kept!, true],
      [broken!, true],
    ]);
    const runs = async () => (await streaks()).rules.map((rule) => rule.current);
    expect(await runs()).toEqual([3, 2]);

    const keptIn = async (followed: boolean) => {
      const response = await t.app.inject({
        method: 'PUT',
        url: `/api/sessions/${middle.id}`,
        headers: { cookie },
        payload: buildSession({
          date: '2026-01-06',
          rulesFollowed: [
            { ruleId: kept!.id, followed },
            { ruleId: broken!.id, followed: true },
          ],
        }),
      });
      expect(response.statusCode, response.body).toBe(200);
    };
    await keptIn(false);
    expect(await runs()).toEqual([1, 2]);
    await keptIn(true);
    expect(await runs()).toEqual([3, 2]);
    // A rule added since is in no session yet: no run.
    await createRules(t.app, cookie, [{ description: 'New' }]);
    expect(await runs()).toEqual([3, 2, 0]);
  });

  test('a rule broken months ago runs over the rest of that month and every later month, as its sessions move', async () => {
    // A month whose only session was recorded before the rule was added: it holds another.
    const [other] = await createRules(t.app, cookie, [{ description: 'Other' }]);
    await session('2026-01-15', [[other!, false]]);
    const [rule] = await createRules(t.app, cookie, [{ description: 'Kept for months' }]);
    const held = (date: string, followed: boolean) =>
      session(date, [
        [other!, true],
        [rule!, followed],
      ]);
    await held('2025-08-01', true);
    const firstBreak = await held('2025-10-02', false);
    const lastBreak = await held('2025-11-20', false);
    // After the break on its own day (by id), later in its month, then across a year's end,
    // past months without the rule, and a month whose session does not hold it.
    await held('2025-11-20', true);
    await held('2025-11-30', true);
    await held('2025-12-31', true);
    await held('2026-03-01', true);
    const run = async () =>
      (await streaks()).rules.find((item) => item.ruleId === rule!.id)!.current;
    expect(await run()).toBe(4);

    /** Moves the latest break to `date`, keeping it broken. */
    const moveBreak = async (date: string) => {
      const response = await t.app.inject({
        method: 'PUT',
        url: `/api/sessions/${lastBreak.id}`,
        headers: { cookie },
        payload: buildSession({
          date,
          rulesFollowed: [
            { ruleId: other!.id, followed: true },
            { ruleId: rule!.id, followed: false },
          ],
        }),
      });
      expect(response.statusCode, response.body).toBe(200);
    };
    // Into a later month, before the session of its new day made after it (by id).
    await moveBreak('2025-12-31');
    expect(await run()).toBe(2);
    // Before the other break: that one is now the latest.
    await moveBreak('2025-09-01');
    expect(await run()).toBe(4);
    // Without a break, every item of the rule.
    for (const { id } of [firstBreak, lastBreak]) {
      const response = await t.app.inject({
        method: 'DELETE',
        url: `/api/sessions/${id}`,
        headers: { cookie },
      });
      expect(response.statusCode, response.body).toBe(200);
    }
    expect(await run()).toBe(5);
  });

  test('the weakest rule: day 30 counts, day 31 does not', async () => {
    // Recorded before B was added.
    const [a] = await createRules(t.app, cookie, [{ description: 'A' }]);
    await session('2026-02-27', [[a!, false]]);
    const [b] = await createRules(t.app, cookie, [{ description: 'B' }]);
    await session('2026-02-28', [
      [a!, false],
      [b!, true],
    ]);
    await session('2026-03-29', [
      [a!, true],
      [b!, false],
    ]);
    // The 30 days ending 2026-03-29 start on 2026-02-28 (day 30): A broken once there.
    expect(await weakest('2026-03-29')).toEqual({
      ruleId: a!.id,
      description: 'A',
      brokenCount: 1,
      followedCount: 1,
      totalCount: 2,
      complianceRate: 50,
    });
    // Ending 2026-03-30, 02-28 is day 31: only B's break on 03-29 is left.
    expect(await weakest('2026-03-30')).toEqual({
      ruleId: b!.id,
      description: 'B',
      brokenCount: 1,
      followedCount: 0,
      totalCount: 1,
      complianceRate: 0,
    });
    // Ending 2026-03-28 the window holds 02-27 and 02-28, not 03-29 (after today).
    expect(await weakest('2026-03-28')).toMatchObject({
      ruleId: a!.id,
      brokenCount: 2,
      followedCount: 0,
    });
    // Ending before every session: nothing broken.
    expect(await weakest('2026-02-26')).toBeNull();
  });

  test('weakest-rule ties: the lower follow rate, then the rule order', async () => {
    // Recorded before A and C were added: the trader's order is B, A, C.
    const [b] = await createRules(t.app, cookie, [{ description: 'B' }]);
    await session('2026-03-12', [[b!, true]]);
    const [a, c] = await createRules(t.app, cookie, [{ description: 'A' }, { description: 'C' }]);
    await session('2026-03-10', [
      [a!, false],
      [b!, false],
      [c!, false],
    ]);
    await session('2026-03-11', [
      [a!, true],
      [b!, true],
      [c!, true],
    ]);
    // All broken once; B followed twice (67%), A and C once (50%): A first by rule order.
    expect(await weakest('2026-03-14')).toMatchObject({ ruleId: a!.id, complianceRate: 50 });
    await t.app.inject({
      method: 'PUT',
      url: '/api/rules/reorder',
      headers: { cookie },
      payload: { ruleIds: [b!.id, c!.id, a!.id] },
    });
    expect(await weakest('2026-03-14')).toMatchObject({ ruleId: c!.id });
    // A second break outranks any follow rate.
    await session('2026-03-13', [
      [a!, true],
      [b!, false],
      [c!, true],
    ]);
    expect(await weakest('2026-03-14')).toMatchObject({
      ruleId: b!.id,
      brokenCount: 2,
      followedCount: 2,
      totalCount: 4,
      complianceRate: 50,
    });
  });

  test('a deleted rule is never the weakest', async () => {
    const [a, b] = await createRules(t.app, cookie, [{ description: 'A' }, { description: 'B' }]);
    await session('2026-03-10', [
      [a!, false],
      [b!, true],
    ]);
    await t.app.inject({ method: 'DELETE', url: `/api/rules/${a!.id}`, headers: { cookie } });
    expect(await weakest('2026-03-14')).toBeNull();
  });

  test('without a weakest rule, the answer says why: nothing checked, none broken, or only deleted rules broken', async () => {
    const why = async (today: string) =>
      (await get<WeakestRuleAnswer>(`/api/discipline/weakest-rule?today=${today}`))
        .whyNoWeakestRule;
    expect(await why('2026-03-14')).toBe('nothing-checked');
    // A session recorded before there were rules checks nothing either.
    await createSession(t.app, cookie, { date: '2026-03-01', rulesFollowed: [] });
    expect(await why('2026-03-14')).toBe('nothing-checked');
    const [a, b] = await createRules(t.app, cookie, [{ description: 'A' }, { description: 'B' }]);
    await session('2026-03-12', [
      [a!, true],
      [b!, true],
    ]);
    expect(await why('2026-03-14')).toBe('none-broken');
    await session('2026-03-10', [
      [a!, false],
      [b!, true],
    ]);
    expect(await get<WeakestRuleAnswer>('/api/discipline/weakest-rule?today=2026-03-14')).toEqual({
      weakestRule: expect.objectContaining({ ruleId: a!.id, brokenCount: 1 }),
      whyNoWeakestRule: null,
    });
    await t.app.inject({ method: 'DELETE', url: `/api/rules/${a!.id}`, headers: { cookie } });
    expect(await why('2026-03-14')).toBe('only-deleted-broken');
    // The window of 2026-04-10 starts on 2026-03-12: the broken item is out, the followed in.
    expect(await why('2026-04-10')).toBe('none-broken');
  });

  test('the calendar: one entry per day with sessions, both ends included', async () => {
    // Recorded before the other nine rules were added: 1 of 1 followed.
    const [first] = await createRules(t.app, cookie, [{ description: 'Rule 1' }]);
    await session('2026-03-01', [[first!, true]]);
    const rules = [
      first!,
      ...(await createRules(
        t.app,
        cookie,
        Array.from({ length: 9 }, (_, i) => ({ description: `Rule ${i + 2}` })),
      )),
    ];
    await rated(rules, '2025-12-31', 100);
    await rated(rules, '2026-01-01', 100);
    await rated(rules, '2026-01-01', 50); // 15 of 20 items: 75%, amber
    await rated(rules, '2026-01-31', 70);
    await rated(rules, '2026-02-01', 90);
    expect(await calendar('2026-01-01', '2026-01-31')).toEqual([
      { date: '2026-01-01', sessionCount: 2, complianceRating: 75, band: 'amber' },
      { date: '2026-01-31', sessionCount: 1, complianceRating: 70, band: 'red' },
    ]);
    expect(await calendar('2025-12-31', '2026-12-30')).toHaveLength(5);
    // The day's figure is of items, not the mean of ratings: 1 of 1 and 5 of 10 is 55%.
    await rated(rules, '2026-03-01', 50);
    expect(await calendar('2026-03-01', '2026-03-01')).toEqual([
      { date: '2026-03-01', sessionCount: 2, complianceRating: 55, band: 'red' },
    ]);
  });

  test('another trader’s sessions never count', async () => {
    const rules = await tenRules();
    await rated(rules, '2026-03-10', 100);
    const other = await createLoggedInUser(t.app);
    const [theirs] = await createRules(t.app, other.cookie, [{ description: 'Theirs' }]);
    await session('2026-03-10', [[theirs!, false]], other.cookie);
    await session('2026-03-11', [[theirs!, false]], other.cookie);

    const mine = await streaks();
    expect(mine).toMatchObject({
      perfect: { current: 1, longest: 1 },
      excellent: { current: 1, longest: 1 },
    });
    expect(mine.rules.map((rule) => rule.ruleId)).toEqual(rules.map((rule) => rule.id));
    expect(await weakest('2026-03-14')).toBeNull();
    expect(await calendar('2026-03-01', '2026-03-31')).toEqual([
      { date: '2026-03-10', sessionCount: 1, complianceRating: 100, band: 'green' },
    ]);

    expect(await streaks(other.cookie)).toEqual({
      perfect: { current: 0, longest: 0 },
      excellent: { current: 0, longest: 0 },
      rules: [{ ruleId: theirs!.id, description: 'Theirs', current: 0 }],
    });
    expect(await weakest('2026-03-14', other.cookie)).toMatchObject({
      ruleId: theirs!.id,
      brokenCount: 2,
    });
    expect(await calendar('2026-03-01', '2026-03-31', other.cookie)).toEqual([
      { date: '2026-03-10', sessionCount: 1, complianceRating: 0, band: 'red' },
      { date: '2026-03-11', sessionCount: 1, complianceRating: 0, band: 'red' },
    ]);
  });

  test('a calendar of 366 days is answered', async () => {
    expect(await calendar('2024-01-01', '2024-12-31')).toEqual([]);
    expect(await calendar('2025-01-01', '2026-01-01')).toEqual([]);
  });

  test.each([
    ['/api/discipline/weakest-rule', 'today'],
    ['/api/discipline/weakest-rule?today=', 'today'],
    ['/api/discipline/weakest-rule?today=2026-02-30', 'today'],
    ['/api/discipline/weakest-rule?today=14/03/2026', 'today'],
    ['/api/discipline/weakest-rule?today=2026-03-14&from=2026-03-01', ''],
    ['/api/discipline/calendar?to=2026-03-14', 'from'],
    ['/api/discipline/calendar?from=2026-03-14', 'to'],
    ['/api/discipline/calendar?from=2026-03-15&to=2026-03-14', 'from'],
    ['/api/discipline/calendar?from=2025-01-01&to=2026-01-02', 'to'],
    ['/api/discipline/calendar?from=2026-13-01&to=2026-12-31', 'from'],
    ['/api/discipline/calendar?from=2026-01-01&to=2026-12-31&today=2026-03-14', ''],
    ["/api/discipline/calendar?from=2026-01-01'--&to=2026-12-31", 'from'],
  ])('%s is refused with 400', async (url, path) => expectRefusedQuery(t.app, cookie, url, path));

  test('the routes need a login', async () => {
    for (const url of [
      '/api/discipline/streaks',
      '/api/discipline/weakest-rule?today=2026-03-14',
      '/api/discipline/calendar?from=2026-01-01&to=2026-01-31',
    ]) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(401);
    }
  });
});
