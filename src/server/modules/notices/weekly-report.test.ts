import { afterEach, beforeEach, expect, test } from 'vitest';
import type { App } from '#server/app.ts';
import type { AppDatabase } from '#server/db/client.ts';
import type { DialectName } from '#server/db/dialect.ts';
import { unlessJobsRunElsewhere } from '#server/db/job-lock.ts';
import { noWeakestRuleText, type WeeklyReport } from '#shared/schemas/notices.ts';
import type { Rule } from '#shared/schemas/rules.ts';
import type { CreateSessionInput } from '#shared/schemas/sessions.ts';
import { createLoggedInUser } from '#testing/factories.ts';
import {
  createSharedDatabase,
  startTestSmtpServer,
  type TestSmtpServer,
} from '#testing/notices.ts';
import { createRules } from '#testing/rules.ts';
import { createSession } from '#testing/sessions.ts';
import { describeEachDialect, describePostgres } from '#testing/test-app.ts';
import { createNoticeJobs } from './notice-jobs.ts';
import { createNoticeRunner } from './notice-scheduler.ts';
import { createNoticesRepository } from './notices.repository.ts';

type Shared = Awaited<ReturnType<typeof createSharedDatabase>>;

/** The clock moves through the end of ISO week 2026-W47 (Mon 16 – Sun 22 Nov 2026). */
const CLOCK = {
  saturday: new Date('2026-11-21T12:00:00Z'),
  sundayLate: new Date('2026-11-22T23:59:59.999Z'),
  mondayBeforeNoon: new Date('2026-11-23T11:59:59.999Z'),
  mondayNoon: new Date('2026-11-23T12:00:00Z'),
  mondayAfternoon: new Date('2026-11-23T13:00:00Z'),
  tuesday: new Date('2026-11-24T10:00:00Z'),
};

async function setWeeklyReports(app: App, cookie: string, weeklyReports: boolean) {
  const response = await app.inject({
    method: 'PUT',
    url: '/api/auth/update-profile',
    headers: { cookie },
    payload: { preferences: { notifications: { weeklyReports } } },
  });
  expect(response.statusCode, response.body).toBe(200);
}

/** A checklist of the rules, the first `followed` of them followed. */
function checklist(rules: Rule[], followed: number): CreateSessionInput['rulesFollowed'] {
  return rules.map((rule, index) => ({ ruleId: rule.id, followed: index < followed }));
}

/**
 * Alice (weekly mail on) and Bob (off) traded in W47; Carol never traded; Dave traded only
 * after the week. Everyone is at 75% or more over 30 days, so no alert muddles the mail count.
 */
async function seedTraders(app: App) {
  await createLoggedInUser(app); // the first account, an administrator
  const alice = await createLoggedInUser(app, { fullName: 'Alice <b>Ames</b>' });
  const bob = await createLoggedInUser(app);
  const carol = await createLoggedInUser(app);
  const dave = await createLoggedInUser(app);
  await setWeeklyReports(app, bob.cookie, false);

  const aliceRules = await createRules(app, alice.cookie, [
    { description: 'Wait for the <em>setup</em> & confirm' },
    { description: 'Risk 1%' },
    { description: 'No revenge trades' },
    { description: 'Journal every trade' },
  ]);
  const worst = await createSession(app, alice.cookie, {
    name: 'Monday <script>alert(1)</script>',
    date: '2026-11-16',
    // The first rule broken: the weakest of the 30 days ending on Sunday.
    rulesFollowed: aliceRules.map((rule, index) => ({ ruleId: rule.id, followed: index > 0 })),
    resultR: -1,
    resultMoney: 1234.56,
  });
  const best = await createSession(app, alice.cookie, {
    name: 'Friday "A+" & more',
    date: '2026-11-20',
    rulesFollowed: checklist(aliceRules, 4),
    resultR: 2.5,
  });
  // Same rating as Friday, a smaller result: not the best.
  await createSession(app, alice.cookie, {
    name: 'Sunday',
    date: '2026-11-22',
    rulesFollowed: checklist(aliceRules, 4),
    resultR: 0.5,
  });
  // The next week: not in W47's figures.
  await createSession(app, alice.cookie, {
    name: 'Next Monday',
    date: '2026-11-23',
    rulesFollowed: checklist(aliceRules, 2),
  });

  const bobRules = await createRules(app, bob.cookie, [{ description: 'Stop at two losses' }]);
  await createSession(app, bob.cookie, {
    name: 'Bob W47',
    date: '2026-11-18',
    rulesFollowed: checklist(bobRules, 1),
  });
  await createSession(app, dave.cookie, { name: 'Dave W48', date: '2026-11-24' });
  return { alice, bob, carol, dave, best, worst, aliceRules };
}

async function noticeRows(database: AppDatabase) {
  return database.db
    .selectFrom('notices')
    .select(['user_id', 'kind', 'period_key', 'mail_status', 'payload'])
    .orderBy('id')
    .execute();
}

describeEachDialect('the weekly discipline report', (dialect: DialectName) => {
  let shared: Shared;
  let smtp: TestSmtpServer;
  let app: App;

  beforeEach(async () => {
    shared = await createSharedDatabase(dialect);
    smtp = await startTestSmtpServer();
    app = await shared.startApp();
  });
  afterEach(async () => {
    await app.close();
    await smtp.close();
    await shared.close();
  });

  const mailConfig = () => ({
    appName: 'Rulekeeper',
    mail: { smtpUrl: smtp.url, from: 'Rulekeeper <reports@example.com>' },
  });

  test('a clock moving through a week: one report per trader, one mail per opted-in trader, none twice after a restart', async () => {
    const { alice, bob, best, worst, aliceRules } = await seedTraders(app);

    // The first instance runs until Monday afternoon, then "restarts": a new connection and
    // runner. Until Monday noon (UTC) it is still Sunday somewhere: no report yet.
    const first = createNoticeRunner({ database: shared.connect(), config: mailConfig() });
    await first.runOnce(CLOCK.saturday);
    await first.runOnce(CLOCK.sundayLate);
    await first.runOnce(CLOCK.mondayBeforeNoon);
    expect(await noticeRows(shared.connect())).toEqual([]);
    expect(smtp.messages).toEqual([]);

    await first.runOnce(CLOCK.mondayNoon);
    await first.runOnce(CLOCK.mondayAfternoon);
    first.close();

    const second = createNoticeRunner({ database: shared.connect(), config: mailConfig() });
    await second.runOnce(CLOCK.mondayAfternoon);
    await second.runOnce(CLOCK.tuesday);
    second.close();

    const rows = await noticeRows(shared.connect());
    expect(rows.map(({ payload: _payload, ...row }) => row)).toEqual([
      {
        user_id: alice.user.id,
        kind: 'weekly_report',
        period_key: '2026-W47',
        mail_status: 'sent',
      },
      { user_id: bob.user.id, kind: 'weekly_report', period_key: '2026-W47', mail_status: 'none' },
    ]);
    expect(JSON.parse(rows[0]!.payload)).toMatchObject({
      weekStart: '2026-11-16',
      weekEnd: '2026-11-22',
      sessionCount: 3,
      followedCount: 11,
      totalCount: 12,
      compliance: 92,
      // As they stood at the end of Sunday: next Monday's 50%, recorded before the report was
      // written, ends both runs only in the next week's report.
      streaks: { perfect: { current: 2, longest: 2 }, excellent: { current: 2, longest: 2 } },
      weakestRule: {
        ruleId: aliceRules[0]!.id,
        description: 'Wait for the <em>setup</em> & confirm',
        brokenCount: 1,
        totalCount: 3,
        complianceRate: 67,
      },
      bestSession: { id: best.id, name: best.name, complianceRating: 100, resultR: 2.5 },
      worstSession: { id: worst.id, name: worst.name, complianceRating: 75, resultR: -1 },
    });

    expect(smtp.messages).toHaveLength(1);
    const mail = smtp.messages[0]!;
    expect(mail.to).toEqual([alice.email]);
    expect(mail.envelopeFrom).toBe('reports@example.com');
    expect(mail.subject).toBe('Your weekly discipline report: 16–22 Nov 2026');
    expect(mail.text).toContain('Hello Alice <b>Ames</b>,');
    expect(mail.text).toContain('Sessions: 3');
    expect(mail.text).toContain('Compliance: 92% (11/12 rules followed)');
    expect(mail.text).toContain('Best session: Friday "A+" & more (20 Nov 2026, 100%, +2.50 R)');
    expect(mail.text).toContain('Worst session: Monday <script>alert(1)</script>');
    expect(mail.text).toContain('Streak at 100%: 2 sessions (longest 2)');
    expect(mail.text).toContain(
      'Weakest rule (30 days): Wait for the <em>setup</em> & confirm: followed 67%, broken 1 time',
    );
    expect(mail.html).toContain('Wait for the &lt;em&gt;setup&lt;/em&gt; &amp; confirm');
    // Every string the trader wrote is escaped in the HTML.
    expect(mail.html).toContain('Alice &lt;b&gt;Ames&lt;/b&gt;');
    expect(mail.html).toContain('Monday &lt;script&gt;alert(1)&lt;/script&gt;');
    expect(mail.html).toContain('Friday &quot;A+&quot; &amp; more');
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).not.toContain('<b>Ames');
    // No money, ever: the report has results in R only.
    expect(`${mail.text}${mail.html}`).not.toMatch(/1234|1,234/);
  });

  test('without SMTP settings no mail is attempted and every report is written for the app only', async () => {
    await seedTraders(app);
    const runner = createNoticeRunner({
      database: shared.connect(),
      config: { appName: 'Rulekeeper', mail: null },
    });
    await runner.runOnce(CLOCK.mondayAfternoon);
    await runner.runOnce(CLOCK.tuesday);
    const rows = await noticeRows(shared.connect());
    expect(rows.map((row) => row.mail_status)).toEqual(['none', 'none']);
    expect(smtp.messages).toEqual([]);
  });

  test('a trader who turns Weekly Reports off after the report was written gets no mail', async () => {
    const { alice } = await seedTraders(app);
    const database = shared.connect();
    // Written 'pending' while the switch was on; the trader turns it off before the sender runs.
    await createNoticeJobs({ database, isMailConfigured: true }).writeWeeklyReports(
      CLOCK.mondayAfternoon,
    );
    await setWeeklyReports(app, alice.cookie, false);
    const sender = createNoticeRunner({ database, config: mailConfig() });
    await sender.runOnce(CLOCK.mondayAfternoon);
    sender.close();
    const rows = await noticeRows(database);
    expect(rows.find((row) => row.user_id === alice.user.id)?.mail_status).toBe('none');
    expect(smtp.messages).toEqual([]);
  });

  test('a mail the server refuses is marked failed and never retried; a claimed one is never sent again', async () => {
    await smtp.close();
    const { alice, bob } = await seedTraders(app);
    await setWeeklyReports(app, bob.cookie, true);
    smtp = await startTestSmtpServer({ refuse: [alice.email] });
    const database = shared.connect();
    await createNoticeJobs({ database, isMailConfigured: true }).writeWeeklyReports(
      CLOCK.mondayAfternoon,
    );
    // Bob's mail was claimed by an instance that then crashed: it stays 'sending'.
    await database.db
      .updateTable('notices')
      .set({ mail_status: 'sending', mail_claimed_at: CLOCK.mondayAfternoon.toISOString() })
      .where('user_id', '=', bob.user.id)
      .execute();

    const runner = createNoticeRunner({ database, config: mailConfig() });
    await runner.runOnce(CLOCK.mondayAfternoon);
    await runner.runOnce(CLOCK.tuesday);
    runner.close();

    const rows = await noticeRows(database);
    expect(rows.find((row) => row.user_id === alice.user.id)?.mail_status).toBe('failed');
    expect(rows.find((row) => row.user_id === bob.user.id)?.mail_status).toBe('sending');
    expect(smtp.messages).toEqual([]);
  });

  test('a trader deleted after the report was written gets no mail and leaves no notice', async () => {
    const { alice } = await seedTraders(app);
    const database = shared.connect();
    await createNoticeJobs({ database, isMailConfigured: true }).writeWeeklyReports(
      CLOCK.mondayAfternoon,
    );
    const deleted = await app.inject({
      method: 'DELETE',
      url: '/api/auth/account',
      headers: { cookie: alice.cookie },
      payload: { password: alice.password },
    });
    expect(deleted.statusCode, deleted.body).toBe(200);
    const runner = createNoticeRunner({ database, config: mailConfig() });
    await runner.runOnce(CLOCK.mondayAfternoon);
    runner.close();
    expect((await noticeRows(database)).map((row) => row.user_id)).not.toContain(alice.user.id);
    expect(smtp.messages).toEqual([]);
  });
});

describeEachDialect('the traders a weekly report is for', (dialect: DialectName) => {
  test('a trader with history and no session in the week gets a report of an empty week', async () => {
    const shared = await createSharedDatabase(dialect);
    const app = await shared.startApp();
    try {
      const trader = await createLoggedInUser(app);
      await createSession(app, trader.cookie, { name: 'October', date: '2026-10-30' });
      const database = shared.connect();
      await createNoticeJobs({ database, isMailConfigured: false }).writeWeeklyReports(
        CLOCK.mondayAfternoon,
      );
      const rows = await noticeRows(database);
      expect(rows).toHaveLength(1);
      expect(JSON.parse(rows[0]!.payload)).toMatchObject({
        sessionCount: 0,
        compliance: 0,
        // October's session, in the 30 days, had no checklist: nothing checked, nothing broken.
        weakestRuleItemCount: 0,
        weakestRuleFollowedCount: 0,
        weakestRule: null,
        bestSession: null,
        worstSession: null,
      });
    } finally {
      await app.close();
      await shared.close();
    }
  });

  test('a week of sessions all alike has a best session and no worst one', async () => {
    const shared = await createSharedDatabase(dialect);
    const app = await shared.startApp();
    try {
      const trader = await createLoggedInUser(app);
      const rules = await createRules(app, trader.cookie, [{ description: 'Wait for the close' }]);
      for (const [name, date] of [
        ['Monday', '2026-11-16'],
        ['Tuesday', '2026-11-17'],
      ] as const) {
        await createSession(app, trader.cookie, { name, date, rulesFollowed: checklist(rules, 1) });
      }
      const database = shared.connect();
      const jobs = createNoticeJobs({ database, isMailConfigured: false });
      expect(await jobs.writeWeeklyReports(CLOCK.mondayNoon)).toBe(1);
      const [row] = await noticeRows(database);
      const report = JSON.parse(row!.payload) as WeeklyReport;
      expect(report).toMatchObject({
        sessionCount: 2,
        weakestRuleItemCount: 2,
        weakestRuleFollowedCount: 2,
        weakestRule: null,
        bestSession: { complianceRating: 100 },
      });
      expect(report.worstSession).toBeNull();
    } finally {
      await app.close();
      await shared.close();
    }
  });

  test('a month whose broken rule was deleted since keeps the counts that say so', async () => {
    const shared = await createSharedDatabase(dialect);
    const app = await shared.startApp();
    try {
      const trader = await createLoggedInUser(app);
      const rules = await createRules(app, trader.cookie, [
        { description: 'Followed' },
        { description: 'Broken, then deleted' },
      ]);
      await createSession(app, trader.cookie, {
        name: 'Monday',
        date: '2026-11-16',
        rulesFollowed: checklist(rules, 1),
      });
      const removal = await app.inject({
        method: 'DELETE',
        url: `/api/rules/${rules[1]!.id}`,
        headers: { cookie: trader.cookie },
      });
      expect(removal.statusCode).toBe(200);
      const database = shared.connect();
      expect(
        await createNoticeJobs({ database, isMailConfigured: false }).writeWeeklyReports(
          CLOCK.mondayNoon,
        ),
      ).toBe(1);
      const [row] = await noticeRows(database);
      const report = JSON.parse(row!.payload) as WeeklyReport;
      expect(report).toMatchObject({
        weakestRuleItemCount: 2,
        weakestRuleFollowedCount: 1,
        weakestRule: null,
      });
      expect(noWeakestRuleText(report)).toBe('Only deleted rules broken');
    } finally {
      await app.close();
      await shared.close();
    }
  });

  test('a Sunday session recorded when Monday has begun in UTC, still Sunday in New York, is in its week', async () => {
    const shared = await createSharedDatabase(dialect);
    const app = await shared.startApp();
    try {
      const trader = await createLoggedInUser(app);
      const rules = await createRules(app, trader.cookie, [{ description: 'Wait for the close' }]);
      await createSession(app, trader.cookie, {
        date: '2026-11-16',
        rulesFollowed: checklist(rules, 1),
      });
      const database = shared.connect();
      const jobs = createNoticeJobs({ database, isMailConfigured: false });
      // Monday 02:00 UTC is Sunday 21:00 in New York: the week has not ended there.
      expect(await jobs.writeWeeklyReports(new Date('2026-11-23T02:00:00Z'))).toBe(0);
      await createSession(app, trader.cookie, {
        name: 'Sunday evening in New York',
        date: '2026-11-22',
        rulesFollowed: checklist(rules, 0),
      });
      expect(await jobs.writeWeeklyReports(CLOCK.mondayNoon)).toBe(1);
      const [row] = await noticeRows(database);
      expect(JSON.parse(row!.payload)).toMatchObject({
        weekEnd: '2026-11-22',
        sessionCount: 2,
        followedCount: 1,
        totalCount: 2,
      });
    } finally {
      await app.close();
      await shared.close();
    }
  });
});

describeEachDialect('the weekly reports of many traders', (dialect: DialectName) => {
  test('are computed a page of traders at a time, each page giving the same reports', async () => {
    const shared = await createSharedDatabase(dialect);
    const app = await shared.startApp();
    try {
      const { alice, bob } = await seedTraders(app);
      // Three more traders of W47, one of them with a second session: five reports in all.
      for (const [index, followed] of [0, 1, 3].entries()) {
        const trader = await createLoggedInUser(app);
        const rules = await createRules(app, trader.cookie, [
          { description: `Rule of ${index}` },
          { description: 'Size down after a loss' },
          { description: 'Stop at noon' },
        ]);
        await createSession(app, trader.cookie, {
          date: '2026-11-17',
          rulesFollowed: checklist(rules, followed),
          resultR: index - 1,
        });
        if (index === 2) {
          await createSession(app, trader.cookie, {
            date: '2026-11-19',
            rulesFollowed: checklist(rules, 1),
          });
        }
      }
      const database = shared.connect();
      const jobsWithPagesOf = (reportsPerPage: number) =>
        createNoticeJobs({ database, isMailConfigured: false, reportsPerPage });

      expect(await jobsWithPagesOf(500).writeWeeklyReports(CLOCK.mondayAfternoon)).toBe(5);
      const inOnePage = await noticeRows(database);
      await database.db.deleteFrom('notices').execute();
      expect(await jobsWithPagesOf(2).writeWeeklyReports(CLOCK.mondayAfternoon)).toBe(5);
      const inPagesOfTwo = await noticeRows(database);

      // The same rows; a page's rows may be numbered in any order.
      const byTrader = (rows: typeof inOnePage) => [...rows].sort((a, b) => a.user_id - b.user_id);
      expect(byTrader(inPagesOfTwo)).toEqual(byTrader(inOnePage));
      const payloads = new Map(inOnePage.map((row) => [row.user_id, JSON.parse(row.payload)]));
      expect(payloads.get(alice.user.id)).toMatchObject({ sessionCount: 3 });
      expect(payloads.get(bob.user.id)).toMatchObject({ sessionCount: 1, compliance: 100 });
      expect([...payloads.values()].map((payload) => payload.sessionCount).sort()).toEqual([
        1, 1, 1, 2, 3,
      ]);
    } finally {
      await app.close();
      await shared.close();
    }
  });

  test('a trader deleted after their page was read is left out; the page is written', async () => {
    const shared = await createSharedDatabase(dialect);
    const app = await shared.startApp();
    try {
      const { alice, bob } = await seedTraders(app);
      const database = shared.connect();
      await database.db.deleteFrom('users').where('id', '=', bob.user.id).execute();
      const report = (userId: number) => ({
        userId,
        kind: 'weekly_report' as const,
        periodKey: '2026-W47',
        payload: { sessionCount: 1 },
        mailStatus: 'none' as const,
      });
      // The page as it was read, both traders: before, the foreign key refused the whole insert.
      const notices = createNoticesRepository(database);
      expect(await notices.insertMany([report(alice.user.id), report(bob.user.id)])).toBe(1);
      expect((await noticeRows(database)).map((row) => row.user_id)).toEqual([alice.user.id]);
      // Written once: the same page again adds nothing.
      expect(await notices.insertMany([report(alice.user.id), report(bob.user.id)])).toBe(0);
    } finally {
      await app.close();
      await shared.close();
    }
  });
});

describePostgres('the weekly report with two instances at once', () => {
  let shared: Shared;
  let smtp: TestSmtpServer;
  let app: App;

  beforeEach(async () => {
    shared = await createSharedDatabase('postgres');
    smtp = await startTestSmtpServer();
    app = await shared.startApp();
  });
  afterEach(async () => {
    await app.close();
    await smtp.close();
    await shared.close();
  });

  test('two job runners on one PostgreSQL write one notice and send one mail per trader', async () => {
    const { alice, bob } = await seedTraders(app);
    await setWeeklyReports(app, bob.cookie, true);
    const config = {
      appName: 'Rulekeeper',
      mail: { smtpUrl: smtp.url, from: 'reports@example.com' },
    };
    const runners = [0, 1, 2].map(() => createNoticeRunner({ database: shared.connect(), config }));
    const outcomes = [
      ...(await Promise.all(runners.map((runner) => runner.runOnce(CLOCK.mondayAfternoon)))),
      ...(await Promise.all(runners.map((runner) => runner.runOnce(CLOCK.mondayAfternoon)))),
    ];
    // A runner either stood aside (null: another ran the jobs) or ran every job without
    // failing on the others' rows: a conflict is skipped, not an error.
    const ran = outcomes.filter((outcome) => outcome !== null);
    expect(ran.length).toBeGreaterThan(0);
    for (const outcome of ran) {
      expect(outcome.reports).not.toBeNull();
      expect(outcome.alerts).not.toBeNull();
      expect(outcome.mail).not.toBeNull();
    }
    expect(ran.reduce((sum, outcome) => sum + (outcome.reports ?? 0), 0)).toBe(2);
    for (const runner of runners) runner.close();

    const rows = await noticeRows(shared.connect());
    expect(rows.map((row) => [row.user_id, row.mail_status])).toEqual([
      [alice.user.id, 'sent'],
      [bob.user.id, 'sent'],
    ]);
    expect(smtp.messages.map((mail) => mail.to[0]).sort()).toEqual([alice.email, bob.email].sort());
  });

  test('while one instance runs the jobs, another does nothing, then finds what is owed', async () => {
    await seedTraders(app);
    const config = { appName: 'Rulekeeper', mail: null };
    let finishFirst = () => {};
    const firstIsDone = new Promise<void>((resolve) => (finishFirst = resolve));
    let firstHasStarted = () => {};
    const started = new Promise<void>((resolve) => (firstHasStarted = resolve));
    // The first instance's run, held open: it has the lock and has written nothing yet.
    const first = unlessJobsRunElsewhere(shared.connect(), async () => {
      firstHasStarted();
      await firstIsDone;
    });
    await started;

    const second = createNoticeRunner({ database: shared.connect(), config });
    expect(await second.runOnce(CLOCK.mondayAfternoon)).toBeNull();
    expect(await noticeRows(shared.connect())).toEqual([]);

    finishFirst();
    expect(await first).toEqual({ ran: true, value: undefined });
    expect(await second.runOnce(CLOCK.mondayAfternoon)).toMatchObject({ reports: 2 });
    expect(await noticeRows(shared.connect())).toHaveLength(2);
  });

  test('an idle-in-transaction timeout set by the operator does not end the lock mid-run', async () => {
    await seedTraders(app);
    // As an operator's `alter role … set idle_in_transaction_session_timeout` would, on every
    // connection of the first instance.
    const database = shared.connect();
    database.pool!.on('connect', (client) => {
      void client.query('set idle_in_transaction_session_timeout = 100');
    });
    let finish = () => {};
    const held = unlessJobsRunElsewhere(
      database,
      () => new Promise<void>((resolve) => (finish = resolve)),
    );
    await new Promise((resolve) => setTimeout(resolve, 500));

    const second = createNoticeRunner({
      database: shared.connect(),
      config: { appName: 'Rulekeeper', mail: null },
    });
    expect(await second.runOnce(CLOCK.mondayAfternoon)).toBeNull();
    finish();
    expect(await held).toEqual({ ran: true, value: undefined });
    expect(await second.runOnce(CLOCK.mondayAfternoon)).toMatchObject({ reports: 2 });
  });

  test('instances of another schema of the same database run their jobs meanwhile', async () => {
    await seedTraders(app);
    const other = await createSharedDatabase('postgres');
    try {
      const otherApp = await other.startApp();
      try {
        await seedTraders(otherApp);
        let finish = () => {};
        const held = unlessJobsRunElsewhere(
          shared.connect(),
          () => new Promise<void>((resolve) => (finish = resolve)),
        );
        const runner = createNoticeRunner({
          database: other.connect(),
          config: { appName: 'Rulekeeper', mail: null },
        });
        try {
          expect(await runner.runOnce(CLOCK.mondayAfternoon)).toMatchObject({ reports: 2 });
        } finally {
          finish();
          await held;
        }
      } finally {
        await otherApp.close();
      }
    } finally {
      await other.close();
    }
  });
});
