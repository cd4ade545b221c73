import fc from 'fast-check';
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { Analytics, AnalyticsQueryInput } from '#shared/schemas/analytics.ts';
import type { Session } from '#shared/schemas/sessions.ts';
import { createLoggedInUser } from '#testing/factories.ts';
import { ruleChangeArbitrary, ruleEditor } from '#testing/rule-histories.ts';
import { createRules } from '#testing/rules.ts';
import { createSession } from '#testing/sessions.ts';
import { createTestApp, describeEachDialect, type TestApp } from '#testing/test-app.ts';
import { addDays } from '#shared/calendar.ts';
import { monthLabel } from './analytics.shape.ts';

/*
 * The figures as the product defines them, computed the plain way over the sessions the test
 * recorded: the SQL must give exactly these numbers on both databases.
 */
const round = (part: number, whole: number) => (whole === 0 ? 0 : Math.round((100 * part) / whole));
const day = (session: Session) => session.date.slice(0, 10);
const within = (from?: string, to?: string) => (session: Session) =>
  (!from || day(session) >= from) && (!to || day(session) <= to);

function referenceAnalytics(sessions: Session[], query: AnalyticsQueryInput): Analytics {
  const hasRange = query.from !== undefined || query.to !== undefined;
  const overallSessions = hasRange
    ? sessions.filter(within(query.from, query.to))
    : sessions.filter(within(addDays(query.today!, -29), query.today));
  const detailSessions = hasRange ? sessions.filter(within(query.from, query.to)) : sessions;

  const followed = overallSessions.reduce((sum, s) => sum + s.followedCount, 0);
  const total = overallSessions.reduce((sum, s) => sum + s.totalCount, 0);

  const rules = new Map<
    number,
    { followed: number; total: number; latest: Session; text: string }
  >();
  for (const session of detailSessions) {
    for (const item of session.rulesFollowed) {
      const entry = rules.get(item.ruleId);
      const isLater =
        !entry ||
        day(session) > day(entry.latest) ||
        (day(session) === day(entry.latest) && session.id > entry.latest.id);
      rules.set(item.ruleId, {
        followed: (entry?.followed ?? 0) + (item.followed ? 1 : 0),
        total: (entry?.total ?? 0) + 1,
        latest: isLater ? session : entry.latest,
        text: isLater ? item.description : entry.text,
      });
    }
  }
  const ruleCompliance = [...rules.entries()]
    .map(([ruleId, entry]) => ({
      ruleId,
      description: entry.text,
      complianceRate: round(entry.followed, entry.total),
      followedCount: entry.followed,
      totalCount: entry.total,
    }))
    .sort((a, b) => b.complianceRate - a.complianceRate || a.ruleId - b.ruleId);

  const months = new Map<string, number[]>();
  for (const session of detailSessions) {
    const key = day(session).slice(0, 7);
    months.set(key, [...(months.get(key) ?? []), round(session.followedCount, session.totalCount)]);
  }
  const monthlyTrends = [...months.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([monthKey, ratings]) => ({
      month: monthLabel(monthKey),
      monthKey,
      averageCompliance: Math.round(ratings.reduce((sum, r) => sum + r, 0) / ratings.length),
      totalSessions: ratings.length,
    }));

  return {
    overallCompliance: round(followed, total),
    followedCount: followed,
    totalCount: total,
    ruleCompliance,
    monthlyTrends,
  };
}

/** Days around month and year ends, a leap day, and the 30-day window's edges. */
const DAYS = [
  '2024-02-29',
  '2025-12-31',
  '2026-01-01',
  '2026-01-31',
  '2026-02-01',
  '2026-02-12',
  '2026-02-13',
  '2026-02-28',
  '2026-03-01',
  '2026-03-14',
  '2026-03-15',
];
const TODAY = '2026-03-14';

/** The most rules a history reaches: eight at first, and one added before each of 12 sessions. */
const MOST_RULES = 20;

const sessionArbitrary = (ruleCount: number) =>
  fc.record({
    date: fc.constantFrom(...DAYS),
    // Before the session, a rule added to the list or one deleted from it: a checklist lists
    // the rules of its day, so the sessions' checklists differ.
    ruleChange: ruleChangeArbitrary(MOST_RULES),
    // Whether each rule of the checklist was followed, by its place in the list.
    followed: fc.array(fc.boolean(), { minLength: MOST_RULES, maxLength: MOST_RULES }),
    // Rename a rule after this session is saved: later sessions carry the new text.
    renameRule: fc.option(fc.nat(ruleCount - 1), { freq: 4 }),
  });

/** Later corrections: a session moved to another day with new flags, or deleted. */
const changeArbitrary = fc.record({
  kind: fc.constantFrom('edit', 'delete', 'bulk-delete'),
  target: fc.nat(),
  date: fc.constantFrom(...DAYS),
  flags: fc.array(fc.boolean(), { minLength: 8, maxLength: 8 }),
});

const historyArbitrary = fc.integer({ min: 1, max: 8 }).chain((ruleCount) =>
  fc.record({
    ruleCount: fc.constant(ruleCount),
    sessions: fc.array(sessionArbitrary(ruleCount), { maxLength: 12 }),
    changes: fc.array(changeArbitrary, { maxLength: 4 }),
  }),
);

const queryArbitrary: fc.Arbitrary<AnalyticsQueryInput> = fc.oneof(
  fc.constant({ today: TODAY }),
  fc.constant({ today: '2026-03-01' }),
  fc
    .tuple(fc.constantFrom(...DAYS), fc.constantFrom(...DAYS))
    .map(([a, b]) => (a <= b ? { from: a, to: b } : { from: b, to: a })),
  fc.constantFrom(...DAYS).map((from) => ({ from })),
  fc.constantFrom(...DAYS).map((to) => ({ to })),
);

describeEachDialect('analytics figures', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    // Every run (and every shrinking step) signs up a trader of its own.
    t = await createTestApp(dialect, { env: { SIGNUP_RATE_LIMIT: '100000' } });
  });
  afterAll(() => t.close());

  test('equal a plain computation of their definitions, for any history', async () => {
    await fc.assert(
      fc.asyncProperty(
        historyArbitrary,
        fc.array(queryArbitrary, { minLength: 1, maxLength: 4 }),
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
              followed: planned.followed[i]!,
            }));
            sessions.push(
              await createSession(t.app, cookie, { date: planned.date, rulesFollowed }),
            );
            if (planned.renameRule !== null) await editor.rename(planned.renameRule, index);
          }
          for (const change of history.changes) {
            const target = sessions[change.target % Math.max(sessions.length, 1)];
            if (!target) break;
            if (change.kind === 'edit') {
              const response = await t.app.inject({
                method: 'PUT',
                url: `/api/sessions/${target.id}`,
                headers: { cookie },
                payload: {
                  name: target.name,
                  date: change.date,
                  sessionTypeId: 2,
                  notes: null,
                  rulesFollowed: target.rulesFollowed.map((item, i) => ({
                    ruleId: item.ruleId,
                    followed: change.flags[i] ?? false,
                  })),
                },
              });
              expect(response.statusCode, response.body).toBe(200);
              sessions[sessions.indexOf(target)] = response.json<{ session: Session }>().session;
            } else {
              const response =
                change.kind === 'delete'
                  ? await t.app.inject({
                      method: 'DELETE',
                      url: `/api/sessions/${target.id}`,
                      headers: { cookie },
                    })
                  : await t.app.inject({
                      method: 'POST',
                      url: '/api/sessions/bulk-delete',
                      headers: { cookie },
                      payload: { ids: [target.id] },
                    });
              expect(response.statusCode, response.body).toBe(200);
              sessions.splice(sessions.indexOf(target), 1);
            }
          }
          for (const query of queries) {
            const response = await t.app.inject({
              method: 'GET',
              url: `/api/analytics?${new URLSearchParams(query as Record<string, string>)}`,
              headers: { cookie },
            });
            expect(response.statusCode, response.body).toBe(200);
            expect(response.json(), JSON.stringify(query)).toEqual(
              referenceAnalytics(sessions, query),
            );
          }
        },
      ),
      { numRuns: 30 },
    );
    // Thirty histories written and read back: a busy machine needs more than the default.
  }, 90_000);
});
