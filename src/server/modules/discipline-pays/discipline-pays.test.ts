import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import type { DisciplinePays } from '#shared/schemas/discipline-pays.ts';
import type { CreateSessionInput } from '#shared/schemas/sessions.ts';
import type { Rule } from '#shared/schemas/rules.ts';
import { createLoggedInUser } from '#testing/factories.ts';
import { createRules } from '#testing/rules.ts';
import { createSession } from '#testing/sessions.ts';
import { createTestApp, describeEachDialect, type TestApp } from '#testing/test-app.ts';
import { averageHundredths } from './discipline-pays.service.ts';

describe('averageHundredths', () => {
  test('rounds half away from zero, exactly', () => {
    expect(averageHundredths(5, 10)).toBe(1);
    expect(averageHundredths(-5, 10)).toBe(-1);
    expect(averageHundredths(4, 10)).toBe(0);
    expect(averageHundredths(-4, 10)).toBe(0);
    expect(Object.is(averageHundredths(-4, 10), -0)).toBe(false);
    expect(averageHundredths(15, 10)).toBe(2);
    expect(averageHundredths(-15, 10)).toBe(-2);
    // Far beyond a float's exact .5 for small counts: 10,000,000.00 × 100,000 sessions.
    expect(averageHundredths(1_000_000_000 * 100_000, 100_000)).toBe(1_000_000_000);
  });
});

describeEachDialect('GET /api/analytics/discipline-pays', (dialect) => {
  let t: TestApp;
  let cookie: string;
  let userId: number;
  let rules: Rule[];
  beforeAll(async () => {
    t = await createTestApp(dialect, { env: { SIGNUP_RATE_LIMIT: '100000' } });
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    const trader = await createLoggedInUser(t.app);
    cookie = trader.cookie;
    userId = trader.user.id;
    rules = await createRules(t.app, cookie, [
      { description: 'Wait for the setup' },
      { description: 'Respect the stop' },
    ]);
  });

  const get = async (query = 'today=2026-03-14', as = cookie) => {
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/analytics/discipline-pays?${query}`,
      headers: { cookie: as },
    });
    return response;
  };
  const figures = async (query?: string) => {
    const response = await get(query);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<DisciplinePays>();
  };
  /** `count` sessions with every rule followed or every rule broken (100% or 0%), and these results. */
  const record = async (count: number, overrides: Partial<CreateSessionInput>, followed = true) => {
    for (let i = 0; i < count; i += 1) {
      await createSession(t.app, cookie, {
        rulesFollowed: rules.map((rule) => ({ ruleId: rule.id, followed })),
        ...overrides,
      });
    }
  };
  const setHideMoney = (hideMoney: boolean) =>
    t.app.inject({
      method: 'PUT',
      url: '/api/auth/update-profile',
      headers: { cookie },
      payload: { preferences: { results: { hideMoney } } },
    });

  test('with no result at all: no sessions, empty bands, no rules, no points', async () => {
    await record(3, {});
    const answer = await figures();
    expect(answer).toMatchObject({
      currency: 'USD',
      hideMoney: false,
      minSessions: 5,
      sessionCount: 0,
      rules: [],
      points: [],
      pointsLimit: 500,
    });
    expect(answer.bands.map((band) => [band.band, band.minRating, band.maxRating])).toEqual([
      ['green', 90, 100],
      ['amber', 75, 89],
      ['red', 0, 74],
    ]);
    for (const band of answer.bands) {
      const none = { sessions: 0, total: 0, average: null, insufficient: true };
      expect(band).toMatchObject({ r: none, money: none });
    }
  });

  test('a band side with fewer than 5 sessions has its total but no average', async () => {
    await record(4, { resultR: 1.25, resultMoney: 100 });
    let green = (await figures()).bands[0]!;
    expect(green.r).toEqual({ sessions: 4, total: 5, average: null, insufficient: true });
    expect(green.money).toEqual({ sessions: 4, total: 400, average: null, insufficient: true });

    // The fifth R-only session: R concludes, money (still 4) does not.
    await record(1, { resultR: -0.5 });
    green = (await figures()).bands[0]!;
    expect(green.r).toEqual({ sessions: 5, total: 4.5, average: 0.9, insufficient: false });
    expect(green.money).toEqual({ sessions: 4, total: 400, average: null, insufficient: true });
    expect((await figures()).sessionCount).toBe(5);
  });

  test('averages are exact hundredths, rounded half away from zero', async () => {
    await record(5, { resultR: 0.01, resultMoney: -0.01 });
    await record(5, { resultR: 0, resultMoney: 0 });
    const green = (await figures()).bands[0]!;
    expect(green.r).toMatchObject({ total: 0.05, average: 0.01 });
    expect(green.money).toMatchObject({ total: -0.05, average: -0.01 });
  });

  test('sessions fall in their compliance band', async () => {
    const [first, second] = rules as [Rule, Rule];
    // 50%: red; 100%: green. (75–89 needs a longer checklist.)
    const half = [
      { ruleId: first.id, followed: true },
      { ruleId: second.id, followed: false },
    ];
    for (let i = 0; i < 5; i += 1) {
      await createSession(t.app, cookie, { rulesFollowed: half, resultR: -1 });
    }
    await record(5, { resultR: 2 });
    const [green, amber, red] = (await figures()).bands;
    expect(green!.r).toMatchObject({ sessions: 5, average: 2 });
    expect(amber!.r).toMatchObject({ sessions: 0, average: null });
    expect(red!.r).toMatchObject({ sessions: 5, average: -1 });
  });

  test('a rule needs 5 sessions on each side; the one that costs most comes first', async () => {
    const [wait, stop] = rules as [Rule, Rule];
    const both = (waitFollowed: boolean, stopFollowed: boolean) => [
      { ruleId: wait.id, followed: waitFollowed },
      { ruleId: stop.id, followed: stopFollowed },
    ];
    // 'Wait' followed in 5 (+1R), broken in 4 (-1R): not enough to conclude yet.
    for (let i = 0; i < 5; i += 1) {
      await createSession(t.app, cookie, { rulesFollowed: both(true, i < 3), resultR: 1 });
    }
    for (let i = 0; i < 4; i += 1) {
      await createSession(t.app, cookie, { rulesFollowed: both(false, i < 2), resultR: -1 });
    }
    let answer = await figures();
    const waitRule = answer.rules.find((rule) => rule.ruleId === wait.id)!;
    expect(waitRule.r).toEqual({
      followed: { sessions: 5, average: 1 },
      broken: { sessions: 4, average: null },
      difference: null,
      insufficient: true,
    });
    expect(waitRule.rankedBy).toBeNull();

    await createSession(t.app, cookie, { rulesFollowed: both(false, true), resultR: -1 });
    answer = await figures();
    // Wait: +1 vs -1 → 2. Stop: followed 6 (3×1, 2×-1, 1×-1 → 0), broken 4 (2×1, 2×-1): too few.
    expect(answer.rules.map((rule) => [rule.ruleId, rule.rankedBy, rule.r.difference])).toEqual([
      [wait.id, 'r', 2],
      [stop.id, null, null],
    ]);
    expect(answer.rules[0]!.description).toBe('Wait for the setup');
  });

  test('rules rank by R, then by money, then those with too little data', async () => {
    // This test's own four rules only.
    for (const rule of rules) {
      const response = await t.app.inject({
        method: 'DELETE',
        url: `/api/rules/${rule.id}`,
        headers: { cookie },
      });
      expect(response.statusCode, response.body).toBe(200);
    }
    const [a, b, d] = await createRules(t.app, cookie, [
      { description: 'A' },
      { description: 'B' },
      { description: 'D' },
    ]);
    const items = (flags: [Rule, boolean][]) =>
      flags.map(([rule, followed]) => ({ ruleId: rule.id, followed }));
    /** Five sessions of each checklist, with its results. */
    const recordFives = async (
      groups: [CreateSessionInput['rulesFollowed'], Partial<CreateSessionInput>][],
    ) => {
      for (const [rulesFollowed, results] of groups) {
        for (let i = 0; i < 5; i += 1)
          await createSession(t.app, cookie, { rulesFollowed, ...results });
      }
    };
    await recordFives([
      [
        items([
          [a!, true],
          [b!, true],
          [d!, true],
        ]),
        { resultR: 2, resultMoney: 100 },
      ],
      [
        items([
          [a!, false],
          [b!, true],
          [d!, true],
        ]),
        { resultR: -2, resultMoney: -100 },
      ],
      [
        items([
          [a!, true],
          [b!, false],
          [d!, true],
        ]),
        { resultR: 1 },
      ],
    ]);
    // C, added since, is only in sessions with money results.
    const [c] = await createRules(t.app, cookie, [{ description: 'C' }]);
    await recordFives([
      [
        items([
          [a!, true],
          [b!, true],
          [d!, true],
          [c!, true],
        ]),
        { resultMoney: 50 },
      ],
      [
        items([
          [a!, true],
          [b!, true],
          [d!, true],
          [c!, false],
        ]),
        { resultMoney: -50 },
      ],
    ]);
    const ranking = (answer: DisciplinePays) =>
      answer.rules.map((rule) => [
        rule.description,
        rule.rankedBy,
        rule.rankedBy === 'money' ? rule.money?.difference : rule.r.difference,
      ]);
    // A: +1.5R followed vs -2R broken; B: 0R vs +1R; C: money only, +50 vs -50; D: never broken.
    expect(ranking(await figures())).toEqual([
      ['A', 'r', 3.5],
      ['B', 'r', -1],
      ['C', 'money', 100],
      ['D', null, null],
    ]);
    // In privacy mode money counts for nothing: C, with money results only, is not listed.
    expect((await setHideMoney(true)).statusCode).toBe(200);
    expect(ranking(await figures())).toEqual([
      ['A', 'r', 3.5],
      ['B', 'r', -1],
      ['D', null, null],
    ]);
  });

  test('privacy mode answers no money figure anywhere, and ignores money-only sessions', async () => {
    await record(6, { resultR: 1.5, resultMoney: 12345.67 });
    await record(6, { resultR: -0.5, resultMoney: -777.77 }, false);
    await record(3, { resultMoney: 999.99 });
    expect((await figures()).sessionCount).toBe(15);

    expect((await setHideMoney(true)).statusCode).toBe(200);
    const answer = await figures();
    expect(answer.hideMoney).toBe(true);
    expect(answer.sessionCount).toBe(12);
    const moneyKeys: string[] = [];
    const numbers: number[] = [];
    const walk = (value: unknown, path: string) => {
      if (Array.isArray(value)) value.forEach((item, i) => walk(item, `${path}[${i}]`));
      else if (value && typeof value === 'object') {
        for (const [key, inner] of Object.entries(value)) {
          // Every money figure; `hideMoney` is the switch itself.
          if (/money/i.test(key) && key !== 'hideMoney') {
            moneyKeys.push(`${path}.${key}`);
            expect(inner, `${path}.${key}`).toBeNull();
          }
          walk(inner, `${path}.${key}`);
        }
      } else if (typeof value === 'number') numbers.push(value);
    };
    walk(answer, '$');
    expect(moneyKeys.length).toBeGreaterThan(0);
    for (const amount of [12345.67, -777.77, 999.99, 6 * 12345.67, -6 * 777.77]) {
      expect(numbers.some((n) => Math.abs(n - amount) < 0.005)).toBe(false);
    }
    // R is all there.
    expect(answer.bands[0]!.r).toMatchObject({ sessions: 6, average: 1.5 });
    expect(answer.bands[2]!.r).toMatchObject({ sessions: 6, average: -0.5 });
    expect(answer.points).toHaveLength(12);

    expect((await setHideMoney(false)).statusCode).toBe(200);
    expect((await figures()).bands[0]!.money).toMatchObject({
      sessions: 9,
      total: 77073.99,
      average: 8563.78,
    });
  });

  test("another trader's sessions never count", async () => {
    await record(5, { resultR: 1, resultMoney: 10 });
    const before = await figures();
    const other = await createLoggedInUser(t.app);
    const [otherRule] = await createRules(t.app, other.cookie, [{ description: 'Theirs' }]);
    for (let i = 0; i < 6; i += 1) {
      await createSession(t.app, other.cookie, {
        rulesFollowed: [{ ruleId: otherRule!.id, followed: i % 2 === 0 }],
        resultR: -3,
        resultMoney: -50,
      });
    }
    expect(await figures()).toEqual(before);
    const theirs = await get('today=2026-03-14', other.cookie);
    expect(theirs.json<DisciplinePays>().sessionCount).toBe(6);
    expect(theirs.json<DisciplinePays>().rules.map((rule) => rule.ruleId)).toEqual([otherRule!.id]);
  });

  test('a range counts only its days, both ends included', async () => {
    await record(1, { date: '2026-02-28', resultR: 1 });
    await record(1, { date: '2026-03-01', resultR: 2 });
    await record(1, { date: '2026-03-14', resultR: 3 });
    await record(1, { date: '2026-03-15', resultR: 4 });
    const answer = await figures('from=2026-03-01&to=2026-03-14');
    expect(answer.sessionCount).toBe(2);
    expect(answer.bands[0]!.r.total).toBe(5);
    expect(answer.points.map((point) => [point.date, point.resultR])).toEqual([
      ['2026-03-14', 3],
      ['2026-03-01', 2],
    ]);
    // Only `today`, or nothing: all history.
    expect((await figures('today=2026-03-14')).sessionCount).toBe(4);
    expect((await figures('')).sessionCount).toBe(4);
  });

  test('the scatter holds the latest 500 sessions, latest first', async () => {
    const rows = Array.from({ length: 503 }, (_, i) => ({
      user_id: userId,
      name: `Session ${i}`,
      session_date: `2026-01-${String(1 + (i % 28)).padStart(2, '0')}`,
      compliance_rating: 100,
      followed_count: 1,
      total_count: 1,
      uid: `uid-${i}`,
      result_r: i,
    }));
    await t.database.db.insertInto('trading_sessions').values(rows).execute();
    const answer = await figures();
    expect(answer.sessionCount).toBe(503);
    expect(answer.points).toHaveLength(500);
    expect(answer.pointsLimit).toBe(500);
    const keys = answer.points.map(
      (point) => `${point.date}#${String(point.sessionId).padStart(9, '0')}`,
    );
    expect(keys).toEqual([...keys].sort().reverse());
    // The three left out are the earliest: day 1, lowest ids.
    const firstDay = rows.filter((row) => row.session_date === '2026-01-01').length;
    expect(answer.points.filter((point) => point.date === '2026-01-01')).toHaveLength(firstDay - 3);
  });

  test('refuses bad parameters and strangers', async () => {
    for (const query of [
      'from=2026-03-14&to=2026-03-01',
      'from=2026-02-30',
      'today=yesterday',
      'today=2026-03-14&hideMoney=false',
    ]) {
      const response = await get(query);
      expect(response.statusCode, query).toBe(400);
      expect(response.json(), query).toHaveProperty('message');
    }
    const stranger = await t.app.inject({
      method: 'GET',
      url: '/api/analytics/discipline-pays?today=2026-03-14',
    });
    expect(stranger.statusCode).toBe(401);
  });
});
