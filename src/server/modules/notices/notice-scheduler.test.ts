import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { createLoggedInUser } from '#testing/factories.ts';
import { createSession } from '#testing/sessions.ts';
import { createTestApp, type TestApp } from '#testing/test-app.ts';
import { startNoticeScheduler } from './notice-scheduler.ts';

describe('the notice scheduler', () => {
  let t: TestApp;
  let clock: Date;
  beforeEach(async () => {
    t = await createTestApp('sqlite');
    const trader = await createLoggedInUser(t.app);
    await createSession(t.app, trader.cookie, { date: '2026-11-18' });
    await createSession(t.app, trader.cookie, { date: '2026-11-25' });
    clock = new Date('2026-11-23T13:00:00Z');
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] });
  });
  afterEach(async () => {
    vi.useRealTimers();
    await t.close();
  });

  const periods = async () =>
    (await t.database.db.selectFrom('notices').select('period_key').orderBy('id').execute()).map(
      (row) => row.period_key,
    );

  const start = (intervalSeconds: number) =>
    startNoticeScheduler({
      database: t.database,
      config: { appName: 'Rulekeeper', mail: null },
      intervalSeconds,
      now: () => clock,
    });

  test('runs the jobs soon after the start and then every interval, until stopped', async () => {
    const scheduler = start(60);
    await vi.advanceTimersByTimeAsync(9_000);
    expect(await periods()).toEqual([]);
    await vi.advanceTimersByTimeAsync(1_000);
    await vi.waitFor(async () => expect(await periods()).toEqual(['2026-W47']));

    clock = new Date('2026-11-30T13:00:00Z');
    await vi.advanceTimersByTimeAsync(60_000);
    await vi.waitFor(async () => expect(await periods()).toEqual(['2026-W47', '2026-W48']));

    await scheduler.stop();
    clock = new Date('2026-12-07T13:00:00Z');
    await vi.advanceTimersByTimeAsync(600_000);
    expect(await periods()).toEqual(['2026-W47', '2026-W48']);
  });

  test('stopped during a run, it sends no further mail: what is left waits, pending, for the next run', async () => {
    const other = await createLoggedInUser(t.app);
    await createSession(t.app, other.cookie, { date: '2026-11-18' });
    const sending: (() => void)[] = [];
    const scheduler = startNoticeScheduler({
      database: t.database,
      config: {
        appName: 'Rulekeeper',
        mail: { smtpUrl: 'smtp://mail.example.com', from: 'reports@example.com' },
      },
      transport: { sendMail: () => new Promise<void>((resolve) => sending.push(resolve)) },
      intervalSeconds: 60,
      now: () => clock,
    });
    await vi.advanceTimersByTimeAsync(10_000);
    await vi.waitFor(() => expect(sending).toHaveLength(1));

    const stopped = scheduler.stop();
    sending[0]!();
    await stopped;
    expect(sending).toHaveLength(1);
    const statuses = await t.database.db
      .selectFrom('notices')
      .select('mail_status')
      .orderBy('id')
      .execute();
    expect(statuses.map((row) => row.mail_status)).toEqual(['sent', 'pending']);
  });

  test('JOBS_INTERVAL_SECONDS=0 runs nothing', async () => {
    const scheduler = start(0);
    await vi.advanceTimersByTimeAsync(3_600_000);
    expect(await periods()).toEqual([]);
    await scheduler.stop();
  });

  test('its timers do not keep the process alive', () => {
    const setInterval = vi.spyOn(globalThis, 'setInterval');
    const scheduler = start(60);
    const timer = setInterval.mock.results[0]?.value as NodeJS.Timeout;
    expect(timer.hasRef()).toBe(false);
    void scheduler.stop();
  });
});
