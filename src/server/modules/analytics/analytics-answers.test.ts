import { afterEach, beforeEach, expect, test } from 'vitest';
import type { Analytics } from '#shared/schemas/analytics.ts';
import { createLoggedInUser } from '#testing/factories.ts';
import { createTestApp, describeEachDialect, type TestApp } from '#testing/test-app.ts';
import { createAnalyticsAnswers, KEPT_ANSWERS } from './analytics-answers.ts';
import type { AnalyticsWindows } from './analytics.shape.ts';

/** An answer of `months` monthly rows; what it says does not matter here. */
function answerOf(months: number): Analytics {
  return {
    overallCompliance: 50,
    followedCount: 1,
    totalCount: 2,
    ruleCompliance: [],
    monthlyTrends: Array.from({ length: months }, () => ({
      monthKey: '2026-03',
      month: 'Mar 2026',
      totalSessions: 1,
      averageCompliance: 50,
    })),
  };
}

describeEachDialect('kept analytics answers', (dialect) => {
  let t: TestApp;
  let userId: number;
  beforeEach(async () => {
    t = await createTestApp(dialect);
    userId = (await createLoggedInUser(t.app)).user.id;
  });
  afterEach(() => t.close());

  const march: AnalyticsWindows = {
    overall: { from: '2026-03-01', to: '2026-03-30' },
    details: {},
  };
  const april: AnalyticsWindows = {
    overall: { from: '2026-04-01', to: '2026-04-30' },
    details: {},
  };

  /** Asks through `answers`, counting the computations. */
  function asker(answers: ReturnType<typeof createAnalyticsAnswers>) {
    const computed: number[] = [];
    return {
      computed,
      ask: (windows: AnalyticsWindows, months: number) =>
        answers.answer(userId, windows, async () => {
          computed.push(months);
          return answerOf(months);
        }),
    };
  }

  test('an answer is computed once per version of the trader’s summaries', async () => {
    const { computed, ask } = asker(createAnalyticsAnswers(t.database));
    await ask(march, 3);
    await ask(march, 3);
    await ask(april, 4);
    expect(computed).toEqual([3, 4]);
    await t.database.db
      .updateTable('users')
      .set({ summaries_version: 'after a write' })
      .where('id', '=', userId)
      .execute();
    await ask(march, 3);
    expect(computed).toEqual([3, 4, 3]);
  });

  test('an answer computed while a write commits is computed again at the next ask', async () => {
    // The write lands after the version was read and before the answer is kept: what was
    // computed may be from before or after it, so it must not outlive the version read first.
    const answers = createAnalyticsAnswers(t.database);
    const computed: string[] = [];
    const askDuringWrite = () =>
      answers.answer(userId, march, async () => {
        computed.push('during');
        await t.database.db
          .updateTable('users')
          .set({ summaries_version: `written ${computed.length}` })
          .where('id', '=', userId)
          .execute();
        return answerOf(1);
      });
    await askDuringWrite();
    await answers.answer(userId, march, async () => {
      computed.push('after');
      return answerOf(2);
    });
    expect(computed).toEqual(['during', 'after']);
  });

  test('a version read with the login is used as it is, without asking the database', async () => {
    const answers = createAnalyticsAnswers(t.database);
    const computed: string[] = [];
    const ask = (version: string) =>
      answers.answer(
        userId,
        march,
        async () => {
          computed.push(version);
          return answerOf(1);
        },
        version,
      );
    await ask('login one');
    await ask('login one');
    // The database's version has not changed: only the one given can tell these apart.
    await ask('login two');
    expect(computed).toEqual(['login one', 'login two']);
    // Without one, the database's is read, and nothing was kept under it.
    await answers.answer(userId, march, async () => {
      computed.push('read');
      return answerOf(1);
    });
    expect(computed).toEqual(['login one', 'login two', 'read']);
  });

  test('an answer too large to keep is computed each time, and others stay kept', async () => {
    const { computed, ask } = asker(createAnalyticsAnswers(t.database));
    const huge = KEPT_ANSWERS.maxEntrySize;
    await ask(march, 3);
    expect(await ask(april, huge)).toMatchObject({ monthlyTrends: { length: huge } });
    await ask(april, huge);
    await ask(march, 3);
    expect(computed).toEqual([3, huge, huge]);
  });

  test('a trader who no longer exists gets the figures, and nothing is kept', async () => {
    const { computed, ask } = asker(createAnalyticsAnswers(t.database));
    await t.database.db.deleteFrom('users').where('id', '=', userId).execute();
    await ask(march, 3);
    await ask(march, 3);
    expect(computed).toEqual([3, 3]);
  });
});
