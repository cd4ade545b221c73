import { afterEach, beforeEach, expect, test } from 'vitest';
import type { App } from '#server/app.ts';
import type { AppDatabase } from '#server/db/client.ts';
import type { DialectName } from '#server/db/dialect.ts';
import { withTraderLock } from '#server/db/trader-lock.ts';
import { addDays } from '#shared/calendar.ts';
import type { Rule } from '#shared/schemas/rules.ts';
import { createLoggedInUser } from '#testing/factories.ts';
import { untilALockIsAwaited } from '#testing/lock-waits.ts';
import { startTestSmtpServer, type TestSmtpServer } from '#testing/notices.ts';
import { createRules } from '#testing/rules.ts';
import { createSession } from '#testing/sessions.ts';
import {
  createTestApp,
  describeEachDialect,
  describePostgres,
  type TestApp,
} from '#testing/test-app.ts';
import { createNoticeJobs } from './notice-jobs.ts';
import { createNoticeRunner } from './notice-scheduler.ts';
import { createNoticesRepository } from './notices.repository.ts';

const TODAY = '2026-11-23';
const at = (day: string) => new Date(`${day}T08:00:00Z`);

/** A trader with ten rules and one session per entry, `followed` of the ten followed. */
async function traderWith(app: App, sessions: { date: string; followed: number }[]) {
  const trader = await createLoggedInUser(app);
  const rules: Rule[] = await createRules(
    app,
    trader.cookie,
    Array.from({ length: 10 }, (_, i) => ({ description: `Rule ${i + 1}` })),
  );
  for (const { date, followed } of sessions) {
    await createSession(app, trader.cookie, {
      date,
      rulesFollowed: rules.map((rule, i) => ({ ruleId: rule.id, followed: i < followed })),
    });
  }
  return trader;
}

async function setLowComplianceAlerts(app: App, cookie: string, lowCompliance: boolean) {
  const response = await app.inject({
    method: 'PUT',
    url: '/api/auth/update-profile',
    headers: { cookie },
    payload: { preferences: { notifications: { lowCompliance } } },
  });
  expect(response.statusCode, response.body).toBe(200);
}

async function alertsOf(database: AppDatabase, userId: number) {
  const rows = await database.db
    .selectFrom('notices')
    .select(['period_key', 'payload', 'mail_status'])
    .where('user_id', '=', userId)
    .where('kind', '=', 'low_compliance')
    .orderBy('id')
    .execute();
  return rows.map((row) => ({ ...row, payload: JSON.parse(row.payload) as unknown }));
}

describeEachDialect('the low-compliance alert', (dialect: DialectName) => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp(dialect);
    await createLoggedInUser(t.app); // the administrator
  });
  afterEach(() => t.close());

  const jobs = () => createNoticeJobs({ database: t.database, isMailConfigured: false });

  test('fires below 70% only, over the 30 days ending today', async () => {
    // 69%: 6.9 of 10 on average (day 30 in).
    const low = await traderWith(t.app, [
      { date: TODAY, followed: 7 },
      { date: addDays(TODAY, -29), followed: 7 },
      { date: addDays(TODAY, -10), followed: 7 },
      { date: addDays(TODAY, -11), followed: 7 },
      { date: addDays(TODAY, -12), followed: 7 },
      { date: addDays(TODAY, -13), followed: 7 },
      { date: addDays(TODAY, -14), followed: 7 },
      { date: addDays(TODAY, -15), followed: 7 },
      { date: addDays(TODAY, -16), followed: 7 },
      { date: addDays(TODAY, -17), followed: 6 },
    ]);
    // Exactly 70%; a bad session on day 31 does not count.
    const atThreshold = await traderWith(t.app, [
      { date: TODAY, followed: 7 },
      { date: addDays(TODAY, -30), followed: 0 },
    ]);
    // A bad session tomorrow (the trader's time zone ahead) is not in the window either.
    const future = await traderWith(t.app, [
      { date: TODAY, followed: 9 },
      { date: addDays(TODAY, 1), followed: 0 },
    ]);
    const noItems = await createLoggedInUser(t.app);
    await createSession(t.app, noItems.cookie, { date: TODAY });

    expect(await jobs().writeLowComplianceAlerts(at(TODAY))).toBe(1);
    expect(await alertsOf(t.database, low.user.id)).toEqual([
      {
        period_key: TODAY,
        mail_status: 'none',
        payload: {
          from: addDays(TODAY, -29),
          to: TODAY,
          compliance: 69,
          followedCount: 69,
          totalCount: 100,
          threshold: 70,
        },
      },
    ]);
    for (const other of [atThreshold, future, noItems]) {
      expect(await alertsOf(t.database, other.user.id)).toEqual([]);
    }
  });

  test('respects the Low Compliance Alerts switch', async () => {
    const trader = await traderWith(t.app, [{ date: TODAY, followed: 1 }]);
    await setLowComplianceAlerts(t.app, trader.cookie, false);
    expect(await jobs().writeLowComplianceAlerts(at(TODAY))).toBe(0);
    expect(await alertsOf(t.database, trader.user.id)).toEqual([]);
    await setLowComplianceAlerts(t.app, trader.cookie, true);
    expect(await jobs().writeLowComplianceAlerts(at(TODAY))).toBe(1);
  });

  test('at most once in 7 days, again after 7 days while still low', async () => {
    const trader = await traderWith(t.app, [
      { date: TODAY, followed: 2 },
      { date: addDays(TODAY, 10), followed: 2 },
    ]);
    for (let day = 0; day < 7; day += 1) {
      await jobs().writeLowComplianceAlerts(at(addDays(TODAY, day)));
      await jobs().writeLowComplianceAlerts(new Date(`${addDays(TODAY, day)}T23:59:59Z`));
    }
    expect((await alertsOf(t.database, trader.user.id)).map((row) => row.period_key)).toEqual([
      TODAY,
    ]);
    await jobs().writeLowComplianceAlerts(at(addDays(TODAY, 7)));
    await jobs().writeLowComplianceAlerts(at(addDays(TODAY, 8)));
    expect((await alertsOf(t.database, trader.user.id)).map((row) => row.period_key)).toEqual([
      TODAY,
      addDays(TODAY, 7),
    ]);
  });

  test('a trader alerted in the last 7 days is left out of the figures the job reads', async () => {
    const trader = await traderWith(t.app, [{ date: TODAY, followed: 2 }]);
    const notices = createNoticesRepository(t.database);
    const readOn = (day: string) =>
      notices.complianceOfAlertedTraders({ from: addDays(day, -29), to: day }, addDays(day, -6));
    const figure = { userId: trader.user.id, followedCount: 2, totalCount: 10, compliance: 20 };
    expect(await readOn(TODAY)).toEqual([figure]);
    await jobs().writeLowComplianceAlerts(at(TODAY));
    expect(await readOn(TODAY)).toEqual([]);
    expect(await readOn(addDays(TODAY, 6))).toEqual([]);
    expect(await readOn(addDays(TODAY, 7))).toEqual([figure]);
  });

  test('no alert once the figure is back at 70% or more', async () => {
    const trader = await traderWith(t.app, [
      { date: TODAY, followed: 2 },
      ...Array.from({ length: 9 }, (_, i) => ({ date: addDays(TODAY, 3 + i), followed: 10 })),
    ]);
    await jobs().writeLowComplianceAlerts(at(TODAY));
    await jobs().writeLowComplianceAlerts(at(addDays(TODAY, 14)));
    expect(await alertsOf(t.database, trader.user.id)).toHaveLength(1);
  });

  alertMailTests(dialect);
});

/** The alert's mail, against the test SMTP server. */
function alertMailTests(dialect: DialectName) {
  let smtp: TestSmtpServer;
  beforeEach(async () => {
    smtp = await startTestSmtpServer();
  });
  afterEach(() => smtp.close());

  test(`the alert goes by mail when SMTP is configured [${dialect}]`, async () => {
    const t = await createTestApp(dialect);
    try {
      await createLoggedInUser(t.app);
      const trader = await traderWith(t.app, [{ date: TODAY, followed: 6 }]);
      const runner = createNoticeRunner({
        database: t.database,
        config: { appName: 'Rulekeeper', mail: { smtpUrl: smtp.url, from: 'a@example.com' } },
      });
      await runner.runOnce(at(TODAY));
      await runner.runOnce(at(addDays(TODAY, 1)));
      runner.close();
      expect(smtp.messages).toHaveLength(1);
      expect(smtp.messages[0]).toMatchObject({
        to: [trader.email],
        subject: 'Your 30-day compliance is 60%, below 70%',
      });
      expect(smtp.messages[0]!.text).toContain('you followed 6 of 10 rules');
      expect((await alertsOf(t.database, trader.user.id))[0]?.mail_status).toBe('sent');
    } finally {
      await t.close();
    }
  });
}

describePostgres('the low-compliance alert with two instances at once', () => {
  test('two job runners write one alert', async () => {
    const t = await createTestApp('postgres');
    try {
      await createLoggedInUser(t.app);
      const trader = await traderWith(t.app, [{ date: TODAY, followed: 1 }]);
      const results = await Promise.all(
        [0, 1, 2, 3].map(() =>
          createNoticeJobs({
            database: t.database,
            isMailConfigured: false,
          }).writeLowComplianceAlerts(at(TODAY)),
        ),
      );
      expect(results.reduce((a, b) => a + b, 0)).toBe(1);
      // The next day the lock's check, not the unique key, keeps the second one out.
      await Promise.all(
        [0, 1].map(() =>
          createNoticeJobs({
            database: t.database,
            isMailConfigured: false,
          }).writeLowComplianceAlerts(at(addDays(TODAY, 1))),
        ),
      );
      expect(await alertsOf(t.database, trader.user.id)).toHaveLength(1);
    } finally {
      await t.close();
    }
  });
});

describePostgres('the low-compliance alert and a settings change at once', () => {
  test('a trader who switches alerts off while the job reads the figures gets none', async () => {
    const t = await createTestApp('postgres');
    try {
      await createLoggedInUser(t.app);
      const trader = await traderWith(t.app, [{ date: TODAY, followed: 1 }]);
      // The switch goes off in a settings change that holds the trader's lock, not committed
      // until the job, which read the figures with the switch still on, waits for that lock.
      let commit = () => {};
      const committed = new Promise<void>((resolve) => (commit = resolve));
      let switched = () => {};
      const isSwitched = new Promise<void>((resolve) => (switched = resolve));
      const change = withTraderLock(t.database, trader.user.id, async (tx) => {
        await tx.db
          .updateTable('users')
          .set({ notify_low_compliance: false })
          .where('id', '=', trader.user.id)
          .execute();
        switched();
        await committed;
      });
      await isSwitched;

      let isDone = false;
      const job = createNoticeJobs({ database: t.database, isMailConfigured: false })
        .writeLowComplianceAlerts(at(TODAY))
        .finally(() => (isDone = true));
      await untilALockIsAwaited(t.database, () => isDone);
      commit();
      await change;

      expect(await job).toBe(0);
      expect(await alertsOf(t.database, trader.user.id)).toEqual([]);
    } finally {
      await t.close();
    }
  });
});
