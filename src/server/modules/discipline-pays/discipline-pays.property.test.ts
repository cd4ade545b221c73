import fc from 'fast-check';
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { AnalyticsQueryInput } from '#shared/schemas/analytics.ts';
import type {
  DisciplinePays,
  ResultFigure,
  RuleResult,
  RuleSplit,
} from '#shared/schemas/discipline-pays.ts';
import type { Session } from '#shared/schemas/sessions.ts';
import { createLoggedInUser } from '#testing/factories.ts';
import { ruleChangeArbitrary, ruleEditor } from '#testing/rule-histories.ts';
import { createRules } from '#testing/rules.ts';
import { createSession } from '#testing/sessions.ts';
import { createTestApp, describeEachDialect, type TestApp } from '#testing/test-app.ts';

/*
 * The figures as the brief defines them, computed the plain way over the sessions the test
 * recorded, with floating point where it is exact enough: the SQL must give these numbers on
 * both databases.
 */
const MIN = 5;
const day = (session: Session) => session.date.slice(0, 10);
const hundredths = (value: number) => Math.round(value * 100);
/** Half away from zero; `|sum| / count` is exact at every .5 for counts this small. */
const average = (values: number[]) => {
  const sum = values.reduce((total, value) => total + hundredths(value), 0);
  return (Math.sign(sum) * Math.round(Math.abs(sum) / values.length)) / 100 + 0;
};
const total = (values: number[]) => values.reduce((sum, value) => sum + hundredths(value), 0) / 100;

function referenceFigure(values: number[]): ResultFigure {
  const insufficient = values.length < MIN;
  return {
    sessions: values.length,
    total: total(values),
    average: insufficient ? null : average(values),
    insufficient,
  };
}

function referenceSplit(followed: number[], broken: number[]): RuleSplit {
  const side = (values: number[]) => ({
    sessions: values.length,
    average: values.length < MIN ? null : average(values),
  });
  const insufficient = followed.length < MIN || broken.length < MIN;
  return {
    followed: side(followed),
    broken: side(broken),
    difference: insufficient
      ? null
      : (hundredths(average(followed)) - hundredths(average(broken))) / 100,
    insufficient,
  };
}

function referenceDisciplinePays(
  allSessions: Session[],
  query: AnalyticsQueryInput,
  hideMoney: boolean,
): DisciplinePays {
  const inRange = allSessions.filter(
    (s) => (!query.from || day(s) >= query.from) && (!query.to || day(s) <= query.to),
  );
  const counted = inRange.filter(
    (s) => s.resultR !== null || (!hideMoney && s.resultMoney !== null),
  );
  const values = (sessions: Session[], key: 'resultR' | 'resultMoney') =>
    sessions.flatMap((s) => (s[key] === null ? [] : [s[key]]));

  const bandOf = (rating: number) => (rating >= 90 ? 'green' : rating >= 75 ? 'amber' : 'red');
  const bands = (
    [
      ['green', 90, 100],
      ['amber', 75, 89],
      ['red', 0, 74],
    ] as const
  ).map(([band, minRating, maxRating]) => {
    const sessions = counted.filter((s) => bandOf(s.complianceRating) === band);
    return {
      band,
      minRating,
      maxRating,
      r: referenceFigure(values(sessions, 'resultR')),
      money: hideMoney ? null : referenceFigure(values(sessions, 'resultMoney')),
    };
  });

  const latest = new Map<number, { session: Session; text: string }>();
  for (const session of inRange) {
    for (const item of session.rulesFollowed) {
      const entry = latest.get(item.ruleId);
      const isLater =
        !entry ||
        day(session) > day(entry.session) ||
        (day(session) === day(entry.session) && session.id > entry.session.id);
      if (isLater) latest.set(item.ruleId, { session, text: item.description });
    }
  }
  const ruleIds = [...new Set(counted.flatMap((s) => s.rulesFollowed.map((item) => item.ruleId)))];
  const rules = ruleIds.map((ruleId): RuleResult => {
    const holding = (followed: boolean) =>
      counted.filter((s) =>
        s.rulesFollowed.some((item) => item.ruleId === ruleId && item.followed === followed),
      );
    const r = referenceSplit(values(holding(true), 'resultR'), values(holding(false), 'resultR'));
    const money = hideMoney
      ? null
      : referenceSplit(values(holding(true), 'resultMoney'), values(holding(false), 'resultMoney'));
    return {
      ruleId,
      description: latest.get(ruleId)!.text,
      r,
      money,
      rankedBy: !r.insufficient ? 'r' : money && !money.insufficient ? 'money' : null,
    };
  });
  const rank = (rule: RuleResult) =>
    rule.rankedBy === 'r'
      ? [0, -rule.r.difference!]
      : rule.rankedBy === 'money'
        ? [1, -rule.money!.difference!]
        : [2, 0];
  rules.sort((a, b) => {
    const [tierA, keyA] = rank(a);
    const [tierB, keyB] = rank(b);
    return tierA! - tierB! || keyA! - keyB! || a.ruleId - b.ruleId;
  });

  const points = [...counted]
    .sort((a, b) => day(b).localeCompare(day(a)) || b.id - a.id)
    .slice(0, 500)
    .map((s) => ({
      sessionId: s.id,
      date: day(s),
      rating: s.complianceRating,
      resultR: s.resultR,
      resultMoney: hideMoney ? null : s.resultMoney,
    }));

  return {
    currency: 'USD',
    hideMoney,
    minSessions: MIN,
    sessionCount: counted.length,
    bands,
    rules,
    points,
    pointsLimit: 500,
  };
}

const DAYS = ['2025-12-31', '2026-01-01', '2026-01-31', '2026-02-01', '2026-02-28', '2026-03-14'];

/** A result in hundredths, small so that sums often land on a .5 average. */
const amount = fc.option(
  fc.integer({ min: -300, max: 300 }).map((value) => value / 100),
  { freq: 3 },
);

/** The most rules a history reaches: three at first, and one added before each of 24 sessions. */
const MOST_RULES = 27;

const sessionArbitrary = (ruleCount: number) =>
  fc.record({
    date: fc.constantFrom(...DAYS),
    // Before the session, a rule added to the list or one deleted from it: a checklist lists
    // the rules of its day, so the sessions' checklists differ.
    ruleChange: ruleChangeArbitrary(MOST_RULES),
    // Whether each rule of the checklist was followed, by its place in the list.
    flags: fc.array(fc.boolean(), { minLength: MOST_RULES, maxLength: MOST_RULES }),
    resultR: amount,
    resultMoney: amount,
    renameRule: fc.option(fc.nat(ruleCount - 1), { freq: 6 }),
  });

/** A later correction of a session's results: a new amount, or null to clear it. */
const changeArbitrary = fc.record({
  target: fc.nat(),
  resultR: fc.option(amount, { freq: 2 }),
  resultMoney: fc.option(amount, { freq: 2 }),
});

const historyArbitrary = fc.integer({ min: 1, max: 3 }).chain((ruleCount) =>
  fc.record({
    ruleCount: fc.constant(ruleCount),
    sessions: fc.array(sessionArbitrary(ruleCount), { maxLength: 24 }),
    changes: fc.array(changeArbitrary, { maxLength: 3 }),
  }),
);

const queryArbitrary: fc.Arbitrary<AnalyticsQueryInput> = fc.oneof(
  fc.constant({ today: '2026-03-14' }),
  fc
    .tuple(fc.constantFrom(...DAYS), fc.constantFrom(...DAYS))
    .map(([a, b]) => (a <= b ? { from: a, to: b } : { from: b, to: a })),
  fc.constantFrom(...DAYS).map((from) => ({ from })),
  fc.constantFrom(...DAYS).map((to) => ({ to, today: '2026-03-14' })),
);

describeEachDialect('discipline pays figures', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect, { env: { SIGNUP_RATE_LIMIT: '100000' } });
  });
  afterAll(() => t.close());

  test('equal a plain computation of their definitions, for any history and range', async () => {
    await fc.assert(
      fc.asyncProperty(
        historyArbitrary,
        fc.array(queryArbitrary, { minLength: 1, maxLength: 3 }),
        async (history, queries) => {
          const { cookie } = await createLoggedInUser(t.app);
          const rules = await createRules(
            t.app,
            cookie,
            Array.from({ length: history.ruleCount }, (_, i) => ({ description: `Rule ${i}` })),
          );
          const editor = ruleEditor(t.app, cookie, rules);
          const sessions: Session[] = [];
          for (const [index, planned] of history.sessions.entries()) {
            await editor.change(planned.ruleChange, index);
            const rulesFollowed = rules.map((rule, i) => ({
              ruleId: rule.id,
              followed: planned.flags[i]!,
            }));
            sessions.push(
              await createSession(t.app, cookie, {
                date: planned.date,
                rulesFollowed,
                resultR: planned.resultR,
                resultMoney: planned.resultMoney,
              }),
            );
            if (planned.renameRule !== null) await editor.rename(planned.renameRule, index);
          }
          for (const change of history.changes) {
            const target = sessions[change.target % Math.max(sessions.length, 1)];
            if (!target) break;
            const response = await t.app.inject({
              method: 'PUT',
              url: `/api/sessions/${target.id}`,
              headers: { cookie },
              payload: {
                name: target.name,
                date: day(target),
                sessionTypeId: target.sessionTypeId,
                notes: null,
                rulesFollowed: target.rulesFollowed.map(({ ruleId, followed }) => ({
                  ruleId,
                  followed,
                })),
                // Absent keeps the recorded result.
                ...(change.resultR === null ? {} : { resultR: change.resultR }),
                ...(change.resultMoney === null ? {} : { resultMoney: change.resultMoney }),
              },
            });
            expect(response.statusCode, response.body).toBe(200);
            sessions[sessions.indexOf(target)] = response.json<{ session: Session }>().session;
          }
          for (const hideMoney of [false, true]) {
            const switched = await t.app.inject({
              method: 'PUT',
              url: '/api/auth/update-profile',
              headers: { cookie },
              payload: { preferences: { results: { hideMoney } } },
            });
            expect(switched.statusCode, switched.body).toBe(200);
            for (const query of queries) {
              const response = await t.app.inject({
                method: 'GET',
                url: `/api/analytics/discipline-pays?${new URLSearchParams(query as Record<string, string>)}`,
                headers: { cookie },
              });
              expect(response.statusCode, response.body).toBe(200);
              // The sessions as recorded: in privacy mode the API hides their money, not this.
              expect(response.json(), JSON.stringify({ query, hideMoney })).toEqual(
                referenceDisciplinePays(sessions, query, hideMoney),
              );
            }
          }
        },
      ),
      { numRuns: 25 },
    );
  }, 180_000);
});
