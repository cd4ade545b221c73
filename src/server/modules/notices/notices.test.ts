import { afterEach, beforeEach, expect, test } from 'vitest';
import type { NoticesResponse } from '#shared/schemas/notices.ts';
import { createLoggedInUser } from '#testing/factories.ts';
import { createRules } from '#testing/rules.ts';
import { createSession } from '#testing/sessions.ts';
import { createTestApp, describeEachDialect, type TestApp } from '#testing/test-app.ts';
import { createNoticeJobs } from './notice-jobs.ts';

const MONDAY = new Date('2026-11-23T13:00:00Z');
const NOW = new Date('2026-11-25T10:00:00.000Z');

describeEachDialect('GET /api/notices and POST /api/notices/{id}/read', (dialect) => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp(dialect, { now: () => NOW });
  });
  afterEach(() => t.close());

  /** A trader with a weekly report (W47) and a low-compliance alert. */
  async function traderWithNotices() {
    const trader = await createLoggedInUser(t.app);
    const [rule] = await createRules(t.app, trader.cookie, [{ description: 'Stop loss' }]);
    await createSession(t.app, trader.cookie, {
      name: 'Tuesday',
      date: '2026-11-17',
      rulesFollowed: [{ ruleId: rule!.id, followed: false }],
    });
    const jobs = createNoticeJobs({ database: t.database, isMailConfigured: false });
    await jobs.writeWeeklyReports(MONDAY);
    await jobs.writeLowComplianceAlerts(new Date('2026-11-18T09:00:00Z'));
    return trader;
  }

  const list = (cookie: string) =>
    t.app.inject({ method: 'GET', url: '/api/notices', headers: { cookie } });
  const read = (cookie: string, id: number | string) =>
    t.app.inject({ method: 'POST', url: `/api/notices/${id}/read`, headers: { cookie } });

  test('a trader sees their own notices, newest first, with the unread count', async () => {
    const trader = await traderWithNotices();
    const other = await traderWithNotices();
    const response = await list(trader.cookie);
    expect(response.statusCode).toBe(200);
    const body = response.json<NoticesResponse>();
    expect(body.unreadCount).toBe(2);
    expect(body.notices.map((notice) => [notice.kind, notice.periodKey])).toEqual([
      ['low_compliance', '2026-11-18'],
      ['weekly_report', '2026-W47'],
    ]);
    const report = body.notices[1];
    expect(report).toMatchObject({
      kind: 'weekly_report',
      readAt: null,
      report: {
        weekStart: '2026-11-16',
        weekEnd: '2026-11-22',
        sessionCount: 1,
        compliance: 0,
        bestSession: { name: 'Tuesday', date: '2026-11-17', complianceRating: 0 },
        worstSession: null,
      },
    });
    const ids = body.notices.map((notice) => notice.id);
    const others = (await list(other.cookie)).json<NoticesResponse>().notices;
    expect(others.map((notice) => notice.id).some((id) => ids.includes(id))).toBe(false);
  });

  test('reading marks the notice once and lowers the unread count', async () => {
    const trader = await traderWithNotices();
    const [alert] = (await list(trader.cookie)).json<NoticesResponse>().notices;
    const response = await read(trader.cookie, alert!.id);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      notice: { id: alert!.id, readAt: NOW.toISOString() },
    });
    const again = await read(trader.cookie, alert!.id);
    expect(again.json()).toMatchObject({ notice: { readAt: NOW.toISOString() } });
    const body = (await list(trader.cookie)).json<NoticesResponse>();
    expect(body.unreadCount).toBe(1);
    expect(body.notices[0]?.readAt).toBe(NOW.toISOString());
    expect(body.notices[1]?.readAt).toBeNull();
  });

  test("another trader's notice is not found and stays unread", async () => {
    const owner = await traderWithNotices();
    const intruder = await createLoggedInUser(t.app);
    const [notice] = (await list(owner.cookie)).json<NoticesResponse>().notices;
    const response = await read(intruder.cookie, notice!.id);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: 'Notice not found' });
    expect((await list(owner.cookie)).json<NoticesResponse>().unreadCount).toBe(2);
    expect((await read(intruder.cookie, 999_999)).statusCode).toBe(404);
  });

  test('bad ids are refused and both routes need a login', async () => {
    const trader = await createLoggedInUser(t.app);
    for (const id of ['abc', '0', '-1', '1e3', '99999999999']) {
      expect((await read(trader.cookie, id)).statusCode, id).toBe(400);
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/notices' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'POST', url: '/api/notices/1/read' })).statusCode).toBe(
      401,
    );
    expect((await list(trader.cookie)).json()).toEqual({ notices: [], unreadCount: 0 });
  });

  test('the list holds the latest ten, the count all unread', async () => {
    const trader = await createLoggedInUser(t.app);
    await createSession(t.app, trader.cookie, { date: '2026-01-01' });
    const jobs = createNoticeJobs({ database: t.database, isMailConfigured: false });
    for (let week = 0; week < 12; week += 1) {
      await jobs.writeWeeklyReports(new Date(Date.UTC(2026, 1, 2 + 7 * week, 13)));
    }
    const body = (await list(trader.cookie)).json<NoticesResponse>();
    expect(body.unreadCount).toBe(12);
    expect(body.notices).toHaveLength(10);
    expect(body.notices[0]?.periodKey).toBe('2026-W16');
  });
});
