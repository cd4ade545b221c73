import { afterEach, beforeEach, expect, test } from 'vitest';
import { databaseProblems } from '#testing/database-integrity.ts';
import { createLoggedInUser } from '#testing/factories.ts';
import { createRules } from '#testing/rules.ts';
import { createSession } from '#testing/sessions.ts';
import { createTestApp, describeEachDialect, type TestApp } from '#testing/test-app.ts';
import { fillClosingRuns } from './0010-closing-runs.ts';

describeEachDialect('the migration that adds the runs each month closes with', (dialect) => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp(dialect);
  });
  afterEach(() => t.close());

  const closingRuns = async () =>
    (
      await t.database.db
        .selectFrom('month_stats')
        .select(['user_id', 'month', 'session_count', 'closing_excellent_run'])
        .orderBy('user_id')
        .orderBy('month')
        .execute()
    ).map((row) => `${row.month}: ${row.closing_excellent_run} of ${row.session_count}`);

  test('the writes keep them, and the migration fills them the same from the sessions', async () => {
    const trader = await createLoggedInUser(t.app);
    const [a, b] = await createRules(t.app, trader.cookie, [
      { description: 'A' },
      { description: 'B' },
    ]);
    // Rated 100 with both rules followed, 50 with one: the order of the writes is not the
    // order of the sessions (a later date first, then two sessions of one day, whose order is
    // their ids').
    const sessions: [string, boolean][] = [
      ['2026-01-20', true],
      ['2026-01-05', false],
      ['2026-01-31', true],
      ['2026-02-10', false],
      ['2026-02-10', true],
      ['2026-02-03', true],
      ['2026-03-01', true],
      ['2026-03-02', true],
      ['2026-04-07', true],
      ['2026-04-07', false],
    ];
    for (const [date, kept] of sessions) {
      await createSession(t.app, trader.cookie, {
        date,
        rulesFollowed: [
          { ruleId: a!.id, followed: true },
          { ruleId: b!.id, followed: kept },
        ],
      });
    }
    const expected = ['2026-01: 2 of 3', '2026-02: 1 of 3', '2026-03: 2 of 2', '2026-04: 0 of 2'];
    expect(await closingRuns()).toEqual(expected);
    expect(await databaseProblems(t.database)).toEqual([]);

    await t.database.db.updateTable('month_stats').set({ closing_excellent_run: 0 }).execute();
    expect(await databaseProblems(t.database)).toContain(
      `month_stats ${trader.user.id} 2026-01: 3 250 5 6 0, sessions say 3 250 5 6 2`,
    );
    await fillClosingRuns(t.database.db, dialect);
    expect(await closingRuns()).toEqual(expected);
  });

  test('a session rated 90% is in the run, one rated 89% breaks it', async () => {
    const trader = await createLoggedInUser(t.app);
    const addRules = (from: number, to: number) =>
      createRules(
        t.app,
        trader.cookie,
        Array.from({ length: to - from + 1 }, (_, n) => ({ description: `Rule ${from + n}` })),
      );
    const rules = await addRules(1, 9);
    // Every rule so far, the first `broken` of them not followed.
    const checklist = (broken: number) =>
      rules.map((rule, n) => ({ ruleId: rule!.id, followed: n >= broken }));
    // 8 of 9 followed is 89% (rounded), recorded before a tenth rule was added; then 9 of 10
    // followed is 90%, and all followed 100%.
    await createSession(t.app, trader.cookie, { date: '2026-06-01', rulesFollowed: checklist(1) });
    rules.push(...(await addRules(10, 10)));
    for (const [date, broken] of [
      ['2026-05-01', 1],
      ['2026-05-02', 0],
      ['2026-06-02', 0],
    ] as const) {
      await createSession(t.app, trader.cookie, { date, rulesFollowed: checklist(broken) });
    }
    const expected = ['2026-05: 2 of 2', '2026-06: 1 of 2'];
    expect(await closingRuns()).toEqual(expected);
    await t.database.db.updateTable('month_stats').set({ closing_excellent_run: 0 }).execute();
    await fillClosingRuns(t.database.db, dialect);
    expect(await closingRuns()).toEqual(expected);
  });
});
