import fc from 'fast-check';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { addDays } from '#shared/calendar.ts';
import { complianceBand } from '#shared/compliance.ts';
import type {
  CalendarDay,
  Streaks,
  WeakestRule,
  WeakestRuleAnswer,
} from '#shared/schemas/discipline.ts';
import type { Rule } from '#shared/schemas/rules.ts';
import type { Session } from '#shared/schemas/sessions.ts';
import { createLoggedInUser } from '#testing/factories.ts';
import { createRules } from '#testing/rules.ts';
import { createSession } from '#testing/sessions.ts';
import { createTestApp, describeEachDialect, type TestApp } from '#testing/test-app.ts';
import { createDisciplineRepository, noRuns, NOTHING_CHECKED } from './discipline.repository.ts';

/*
 * The discipline figures as the product defines them, computed the plain way over the sessions
 * the test recorded: the SQL must give exactly these on both databases.
 */
const round = (part: number, whole: number) => (whole === 0 ? 0 : Math.round((100 * part) / whole));
const day = (session: Session) => session.date.slice(0, 10);
const inOrder = (sessions: Session[]) =>
  [...sessions].sort((a, b) => day(a).localeCompare(day(b)) || a.id - b.id);

function runs(flags: boolean[]) {
  let current = 0;
  let longest = 0;
  for (const flag of flags) {
    current = flag ? current + 1 : 0;
    longest = Math.max(longest, current);
  }
  return { current, longest };
}

function referenceStreaks(sessions: Session[], rules: Rule[]): Streaks {
  const ordered = inOrder(sessions);
  return {
    perfect: runs(ordered.map((s) => s.complianceRating === 100)),
    excellent: runs(ordered.map((s) => s.complianceRating >= 90)),
    rules: rules.map((rule) => ({
      ruleId: rule.id,
      description: rule.description,
      current: runs(
        ordered.flatMap((s) =>
          s.rulesFollowed.filter((item) => item.ruleId === rule.id).map((item) => item.followed),
        ),
      ).current,
    })),
  };
}

function referenceWeakest(sessions: Session[], rules: Rule[], today: string): WeakestRule | null {
  const from = addDays(today, -29);
  const window = sessions.filter((s) => day(s) >= from && day(s) <= today);
  const candidates = rules
    .map((rule, order) => {
      const items = window.flatMap((s) => s.rulesFollowed.filter((i) => i.ruleId === rule.id));
      const followedCount = items.filter((i) => i.followed).length;
      return {
        order,
        figures: {
          ruleId: rule.id,
          description: rule.description,
          brokenCount: items.length - followedCount,
          followedCount,
          totalCount: items.length,
          complianceRate: round(followedCount, items.length),
        },
      };
    })
    .filter(({ figures }) => figures.brokenCount > 0)
    .sort(
      (a, b) =>
        b.figures.brokenCount - a.figures.brokenCount ||
        a.figures.followedCount / a.figures.totalCount -
          b.figures.followedCount / b.figures.totalCount ||
        a.order - b.order,
    );
  return candidates[0]?.figures ?? null;
}

/**
 * The window's weakest rule, its items of every rule (deleted ones too) and those followed, and
 * why there is no weakest rule: nothing checked, none broken, or only deleted rules broken.
 */
function referenceWeakestAnswer(sessions: Session[], rules: Rule[], today: string) {
  const from = addDays(today, -29);
  const items = sessions
    .filter((s) => day(s) >= from && day(s) <= today)
    .flatMap((s) => s.rulesFollowed);
  const followedCount = items.filter((item) => item.followed).length;
  const weakestRule = referenceWeakest(sessions, rules, today);
  const whyNoWeakestRule = weakestRule
    ? null
    : items.length === 0
      ? 'nothing-checked'
      : followedCount === items.length
        ? 'none-broken'
        : 'only-deleted-broken';
  return { followedCount, totalCount: items.length, weakestRule, whyNoWeakestRule };
}

function referenceCalendar(sessions: Session[], from: string, to: string): CalendarDay[] {
  const days = new Map<string, Session[]>();
  for (const s of sessions.filter((s) => day(s) >= from && day(s) <= to)) {
    days.set(day(s), [...(days.get(day(s)) ?? []), s]);
  }
  return [...days.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([date, held]) => {
      const followed = held.reduce((sum, s) => sum + s.followedCount, 0);
      const total = held.reduce((sum, s) => sum + s.totalCount, 0);
      const complianceRating = round(followed, total);
      return {
        date,
        sessionCount: held.length,
        complianceRating,
        band: complianceBand(complianceRating),
      };
    });
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

/** The most rules a history reaches: five at first, and one added before each of 14 sessions. */
const MOST_RULES = 19;

const historyArbitrary = fc.integer({ min: 0, max: 5 }).chain((ruleCount) =>
  fc.record({
    ruleCount: fc.constant(ruleCount),
    sessions: fc.array(
      fc.record({
        date: fc.constantFrom(...DAYS),
        // A rule added before the session: a checklist lists the rules of its day, so a rule
        // added later is in fewer sessions.
        addsRule: fc.integer({ min: 0, max: 3 }).map((n) => n === 0),
        // Whether each rule of the checklist was followed, by its place in the list; mostly
        // followed, so that runs of 100% and ≥ 90% occur.
        followed: fc.array(
          fc.integer({ min: 0, max: 3 }).map((n) => n > 0),
          { minLength: MOST_RULES, maxLength: MOST_RULES },
        ),
      }),
      { maxLength: 14 },
    ),
    /** Rules deleted after the sessions are saved, by their place in the list. */
    deleted: fc.array(fc.nat(MOST_RULES - 1), { maxLength: 2 }),
    /** The other trader's sessions, on the same days. */
    others: fc.array(fc.constantFrom(...DAYS), { maxLength: 3 }),
    today: fc.constantFrom(...DAYS),
    range: fc
      .tuple(fc.constantFrom(...DAYS), fc.constantFrom(...DAYS))
      .filter(([a, b]) => a <= b && addDays(a, 365) >= b),
  }),
);

type History = typeof historyArbitrary extends fc.Arbitrary<infer T> ? T : never;

describeEachDialect('discipline figures', (dialect) => {
  let t: TestApp;
  let other: string;
  beforeAll(async () => {
    // Every run (and every shrinking step) signs up a trader of its own.
    t = await createTestApp(dialect, { env: { SIGNUP_RATE_LIMIT: '100000' } });
    other = (await createLoggedInUser(t.app)).cookie;
  });
  afterAll(() => t.close());

  const get = async <T>(url: string, cookie: string) => {
    const response = await t.app.inject({ method: 'GET', url, headers: { cookie } });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<T>();
  };

  /** A new trader with the history's rules and sessions, recorded through the API. */
  async function recordHistory(history: History) {
    const trader = await createLoggedInUser(t.app);
    const rules = await createRules(
      t.app,
      trader.cookie,
      Array.from({ length: history.ruleCount }, (_, i) => ({ description: `Rule ${i}` })),
    );
    const sessions: Session[] = [];
    for (const [index, planned] of history.sessions.entries()) {
      if (planned.addsRule) {
        const description = `Rule added before session ${index}`;
        rules.push(...(await createRules(t.app, trader.cookie, [{ description }])));
      }
      const rulesFollowed = rules.map((rule, i) => ({
        ruleId: rule.id,
        followed: planned.followed[i]!,
      }));
      sessions.push(
        await createSession(t.app, trader.cookie, { date: planned.date, rulesFollowed }),
      );
    }
    return { ...trader, rules, sessions };
  }

  test('equal a plain computation of their definitions, for any history', async () => {
    const [theirs] = await createRules(t.app, other, [{ description: 'Theirs' }]);
    await fc.assert(
      fc.asyncProperty(historyArbitrary, async (history) => {
        const { cookie, rules: created, sessions } = await recordHistory(history);
        let rules = created;
        for (const date of history.others) {
          await createSession(t.app, other, {
            date,
            rulesFollowed: [{ ruleId: theirs!.id, followed: false }],
          });
        }
        const deleted = new Set(
          rules.length === 0 ? [] : history.deleted.map((at) => rules[at % rules.length]!.id),
        );
        for (const id of deleted) {
          const response = await t.app.inject({
            method: 'DELETE',
            url: `/api/rules/${id}`,
            headers: { cookie },
          });
          expect(response.statusCode, response.body).toBe(200);
        }
        rules = rules.filter((rule) => !deleted.has(rule.id));

        const { streaks } = await get<{ streaks: Streaks }>('/api/discipline/streaks', cookie);
        expect(streaks).toEqual(referenceStreaks(sessions, rules));
        const answer = await get<WeakestRuleAnswer>(
          `/api/discipline/weakest-rule?today=${history.today}`,
          cookie,
        );
        const { weakestRule, whyNoWeakestRule } = referenceWeakestAnswer(
          sessions,
          rules,
          history.today,
        );
        expect(answer).toEqual({ weakestRule, whyNoWeakestRule });
        const [from, to] = history.range;
        const { days } = await get<{ days: CalendarDay[] }>(
          `/api/discipline/calendar?from=${from}&to=${to}`,
          cookie,
        );
        expect(days).toEqual(referenceCalendar(sessions, from, to));
      }),
      { numRuns: 30 },
    );
    // Thirty histories written and read back: a busy machine needs more than the default.
  }, 120_000);

  test('read for a page of traders at once, each trader gets exactly their own', async () => {
    const repository = createDisciplineRepository(t.database);
    await fc.assert(
      fc.asyncProperty(
        fc.array(historyArbitrary, { minLength: 1, maxLength: 3 }),
        fc.constantFrom(...DAYS),
        async (histories, today) => {
          const traders: { id: number; sessions: Session[]; rules: Rule[] }[] = [];
          for (const history of histories) {
            const { user, sessions, rules } = await recordHistory(history);
            traders.push({ id: user.id, sessions, rules });
          }
          const ids = traders.map((trader) => trader.id);
          const window = { from: addDays(today, -29), to: today };
          const [runs, weakest, currentRuns] = await Promise.all([
            repository.sessionRunsOf(ids, today),
            repository.weakestRulesOf(ids, window),
            repository.currentExcellentRunsOf(ids),
          ]);
          for (const { id, sessions, rules } of traders) {
            // The weekly reports' runs, as they stood at the end of `today`.
            const byToday = sessions.filter((session) => day(session) <= today);
            const { perfect, excellent } = referenceStreaks(byToday, rules);
            expect(runs.get(id) ?? noRuns()).toEqual({ perfect, excellent });
            // The team list's reading of the current run, from the end of the history.
            expect(currentRuns.get(id)).toBe(referenceStreaks(sessions, rules).excellent.current);
            const { followedCount, totalCount, weakestRule } = referenceWeakestAnswer(
              sessions,
              rules,
              today,
            );
            expect(weakest.get(id) ?? NOTHING_CHECKED).toEqual({
              followedCount,
              totalCount,
              weakestRule,
            });
            // A trader is left out only without items in the window.
            expect(weakest.has(id)).toBe(totalCount > 0);
          }
          expect([...runs.keys(), ...weakest.keys()].every((id) => ids.includes(id))).toBe(true);
          expect([...currentRuns.keys()].sort()).toEqual([...ids].sort());
        },
      ),
      { numRuns: 15 },
    );
  }, 120_000);
});
