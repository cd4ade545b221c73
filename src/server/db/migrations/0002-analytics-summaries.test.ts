import { afterEach, beforeEach, expect, test } from 'vitest';
import { createLoggedInUser } from '#testing/factories.ts';
import { createRules } from '#testing/rules.ts';
import { createSession } from '#testing/sessions.ts';
import { createTestApp, describeEachDialect, type TestApp } from '#testing/test-app.ts';
import { fillSummaries } from './0002-analytics-summaries.ts';
import { fillClosingRuns } from './0010-closing-runs.ts';

describeEachDialect('the migration that adds the analytics summaries', (dialect) => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp(dialect);
  });
  afterEach(() => t.close());

  const summaries = async () => ({
    months: await t.database.db
      .selectFrom('month_stats')
      .selectAll()
      .orderBy('user_id')
      .orderBy('month')
      .execute(),
    rules: await t.database.db
      .selectFrom('rule_month_stats')
      .selectAll()
      .orderBy('user_id')
      .orderBy('rule_id')
      .orderBy('month')
      .execute(),
  });

  test('fills them from the sessions already recorded, as the writes keep them', async () => {
    for (const trader of [await createLoggedInUser(t.app), await createLoggedInUser(t.app)]) {
      const [a, b] = await createRules(t.app, trader.cookie, [
        { description: 'A' },
        { description: 'B' },
      ]);
      for (const [i, date] of ['2026-01-31', '2026-02-01', '2026-02-01', '2026-03-14'].entries()) {
        await createSession(t.app, trader.cookie, {
          date,
          rulesFollowed: [
            { ruleId: a!.id, followed: i % 2 === 0 },
            { ruleId: b!.id, followed: true },
          ],
        });
      }
    }
    const kept = await summaries();
    expect(kept.months).toHaveLength(6);
    expect(kept.rules).toHaveLength(12);

    await t.database.db.deleteFrom('month_stats').execute();
    await t.database.db.deleteFrom('rule_month_stats').execute();
    await fillSummaries(t.database.db, dialect);
    // The months' closing runs came with a later migration, which fills them in turn.
    await fillClosingRuns(t.database.db, dialect);
    expect(await summaries()).toEqual(kept);
  });
});
