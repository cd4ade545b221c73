import { afterEach, beforeEach, expect, test } from 'vitest';
import { databaseProblems } from '#testing/database-integrity.ts';
import { createLoggedInUser } from '#testing/factories.ts';
import { createRules } from '#testing/rules.ts';
import { createSession } from '#testing/sessions.ts';
import { createTestApp, describeEachDialect, type TestApp } from '#testing/test-app.ts';
import { fillRuleStats } from './0006-rule-stats.ts';

describeEachDialect("the migration that adds each rule's whole-history figures", (dialect) => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp(dialect);
  });
  afterEach(() => t.close());

  const ruleStats = () =>
    t.database.db
      .selectFrom('rule_stats')
      .select(['user_id', 'rule_id', 'followed_count', 'total_count', 'description'])
      .orderBy('user_id')
      .orderBy('rule_id')
      .execute();

  test('the writes keep them, and the migration fills them the same from the months', async () => {
    const traders = [await createLoggedInUser(t.app), await createLoggedInUser(t.app)];
    const expected = [];
    for (const [n, trader] of traders.entries()) {
      const [a, b] = await createRules(t.app, trader.cookie, [
        { description: `A${n}` },
        { description: `B${n}` },
      ]);
      const sessionIds = [];
      for (const [i, date] of ['2026-01-31', '2026-02-01', '2026-02-01', '2026-03-14'].entries()) {
        if (i === 3) {
          // A later session in a later month, with A renamed: its text is the one shown.
          const renamed = await t.app.inject({
            method: 'PUT',
            url: `/api/rules/${a!.id}`,
            headers: { cookie: trader.cookie },
            payload: { description: `A${n} renamed` },
          });
          expect(renamed.statusCode).toBe(200);
        }
        const session = await createSession(t.app, trader.cookie, {
          date,
          rulesFollowed: [
            { ruleId: a!.id, followed: i % 2 === 0 },
            { ruleId: b!.id, followed: true },
          ],
        });
        sessionIds.push(session.id);
      }
      // A deleted session leaves the figures: three sessions remain, A followed in one.
      const deleted = await t.app.inject({
        method: 'DELETE',
        url: `/api/sessions/${sessionIds[0]}`,
        headers: { cookie: trader.cookie },
      });
      expect(deleted.statusCode).toBe(200);
      expected.push(
        { user_id: trader.user.id, rule_id: a!.id, followed_count: 1, total_count: 3 },
        { user_id: trader.user.id, rule_id: b!.id, followed_count: 3, total_count: 3 },
      );
      expect((await ruleStats()).map((row) => row.description).slice(-2)).toEqual([
        `A${n} renamed`,
        `B${n}`,
      ]);
    }
    const kept = await ruleStats();
    expect(kept.map(({ description: _, ...figures }) => figures)).toEqual(expected);
    expect(await databaseProblems(t.database)).toEqual([]);

    await t.database.db.deleteFrom('rule_stats').execute();
    expect(await databaseProblems(t.database)).toContain(
      `rule_stats ${traders[0]!.user.id} ${expected[0]!.rule_id}: missing, sessions say 1 3`,
    );
    await fillRuleStats(t.database.db);
    expect(await ruleStats()).toEqual(kept);
  });
});
