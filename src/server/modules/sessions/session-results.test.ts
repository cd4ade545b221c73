import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import type { User } from '#shared/schemas/auth.ts';
import type { Session, SessionsPage } from '#shared/schemas/sessions.ts';
import { createLoggedInUser } from '#testing/factories.ts';
import { buildSession, createSession } from '#testing/sessions.ts';
import { createTestApp, describeEachDialect, type TestApp } from '#testing/test-app.ts';

describeEachDialect("a session's result (money and R)", (dialect) => {
  let t: TestApp;
  let cookie: string;
  beforeEach(async () => {
    t = await createTestApp(dialect);
    ({ cookie } = await createLoggedInUser(t.app));
  });
  afterEach(() => t.close());

  const post = (payload: object) =>
    t.app.inject({ method: 'POST', url: '/api/sessions', headers: { cookie }, payload });
  const put = (id: number, payload: object) =>
    t.app.inject({ method: 'PUT', url: `/api/sessions/${id}`, headers: { cookie }, payload });
  const read = async (id: number) =>
    (await t.app.inject({ method: 'GET', url: `/api/sessions/${id}`, headers: { cookie } })).json<{
      session: Session;
    }>().session;
  const list = async () =>
    (
      await t.app.inject({ method: 'GET', url: '/api/sessions', headers: { cookie } })
    ).json<SessionsPage>().sessions;
  const stored = (id: number) =>
    t.database.db
      .selectFrom('trading_sessions')
      .select(['result_money', 'result_r'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
  const setHideMoney = (hideMoney: boolean) =>
    t.app.inject({
      method: 'PUT',
      url: '/api/auth/update-profile',
      headers: { cookie },
      payload: { preferences: { results: { hideMoney } } },
    });

  test('older and result-less sessions have none', async () => {
    const session = await createSession(t.app, cookie);
    expect(session).toMatchObject({ resultMoney: null, resultR: null });
  });

  test('money and R are stored as exact hundredths and answered everywhere', async () => {
    const session = await createSession(t.app, cookie, { resultMoney: -1234.56, resultR: 1.5 });
    expect(session).toMatchObject({ resultMoney: -1234.56, resultR: 1.5 });
    expect(await stored(session.id)).toEqual({ result_money: -123456, result_r: 150 });
    expect(await read(session.id)).toMatchObject({ resultMoney: -1234.56, resultR: 1.5 });
    expect((await list())[0]).toMatchObject({ resultMoney: -1234.56, resultR: 1.5 });
    // 0.1 + 0.2 style amounts survive: 19.99 is 1999 hundredths, not 1998.9999.
    const cents = await createSession(t.app, cookie, { resultMoney: 19.99, resultR: -0.07 });
    expect(await stored(cents.id)).toEqual({ result_money: 1999, result_r: -7 });
  });

  test('an update keeps a result it does not name, and null clears it', async () => {
    const session = await createSession(t.app, cookie, { resultMoney: 250, resultR: 2 });
    const fields = buildSession({ rulesFollowed: [] });
    const kept = await put(session.id, fields);
    expect(kept.json<{ session: Session }>().session).toMatchObject({
      resultMoney: 250,
      resultR: 2,
    });
    const changed = await put(session.id, { ...fields, resultMoney: null, resultR: -1.25 });
    expect(changed.json<{ session: Session }>().session).toMatchObject({
      resultMoney: null,
      resultR: -1.25,
    });
    expect(await stored(session.id)).toEqual({ result_money: null, result_r: -125 });
  });

  describe('refuses', () => {
    test.each([
      [{ resultMoney: 1.234 }, 'Result can have at most two decimals'],
      [{ resultMoney: 10_000_000.01 }, 'Result must be between -10,000,000 and 10,000,000'],
      [{ resultMoney: -10_000_001 }, 'Result must be between -10,000,000 and 10,000,000'],
      [{ resultMoney: '12' }, 'Result must be a number'],
      [{ resultR: 1001 }, 'Result in R must be between -1,000 and 1,000'],
      [{ resultR: 0.005 }, 'Result in R can have at most two decimals'],
      [{ resultR: true }, 'Result in R must be a number'],
    ])('%j with 400 and changes nothing', async (result, message) => {
      const response = await post({ ...buildSession(), ...result });
      expect(response.statusCode).toBe(400);
      expect(response.json<{ message: string }>().message).toContain(message);
      expect(await list()).toHaveLength(0);
    });

    test('the same on an update, keeping the stored result', async () => {
      const session = await createSession(t.app, cookie, { resultMoney: 10 });
      const response = await put(session.id, { ...buildSession(), resultMoney: 'NaN' });
      expect(response.statusCode).toBe(400);
      expect(await stored(session.id)).toEqual({ result_money: 1000, result_r: null });
    });
  });

  test('privacy mode answers R only from every session route, and keeps the money stored', async () => {
    const session = await createSession(t.app, cookie, { resultMoney: 500, resultR: 1 });
    expect((await setHideMoney(true)).statusCode).toBe(200);

    expect(await read(session.id)).toMatchObject({ resultMoney: null, resultR: 1 });
    expect((await list())[0]).toMatchObject({ resultMoney: null, resultR: 1 });
    const created = await post(buildSession({ resultMoney: 75, resultR: 0.5 }));
    expect(created.json<{ session: Session }>().session).toMatchObject({
      resultMoney: null,
      resultR: 0.5,
    });
    // The dialog in privacy mode sends no money: the amount stays as it was.
    const updated = await put(session.id, { ...buildSession(), resultR: 3 });
    expect(updated.json<{ session: Session }>().session).toMatchObject({
      resultMoney: null,
      resultR: 3,
    });
    expect(await stored(session.id)).toEqual({ result_money: 50_000, result_r: 300 });

    await setHideMoney(false);
    expect(await read(session.id)).toMatchObject({ resultMoney: 500, resultR: 3 });
  });
});

describeEachDialect('result, reminder and sharing preferences', (dialect) => {
  let t: TestApp;
  let cookie: string;
  beforeEach(async () => {
    t = await createTestApp(dialect);
    ({ cookie } = await createLoggedInUser(t.app));
  });
  afterEach(() => t.close());

  const update = (preferences: object) =>
    t.app.inject({
      method: 'PUT',
      url: '/api/auth/update-profile',
      headers: { cookie },
      payload: { preferences },
    });
  const currentUser = async () =>
    (await t.app.inject({ method: 'GET', url: '/api/user', headers: { cookie } })).json<{
      user: User;
    }>().user;

  test('a new account: US dollars, money shown, no reminders, nothing shared', async () => {
    expect((await currentUser()).preferences).toMatchObject({
      results: { currency: 'USD', hideMoney: false },
      reminders: { sessionTypeIds: [], minutesBefore: 15 },
      sharing: { discipline: false },
    });
  });

  test('each is saved on its own and answered', async () => {
    expect((await update({ results: { currency: 'EUR' } })).statusCode).toBe(200);
    expect(
      (await update({ reminders: { sessionTypeIds: [3, 4], minutesBefore: 30 } })).statusCode,
    ).toBe(200);
    expect((await update({ sharing: { discipline: true } })).statusCode).toBe(200);
    expect((await update({ results: { hideMoney: true } })).statusCode).toBe(200);
    expect((await currentUser()).preferences).toMatchObject({
      results: { currency: 'EUR', hideMoney: true },
      reminders: { sessionTypeIds: [3, 4], minutesBefore: 30 },
      sharing: { discipline: true },
    });
  });

  test.each([
    [{ results: { currency: 'usd' } }, 'Currency must be a three-letter code such as USD'],
    [{ results: { currency: 'XYZ' } }, 'Currency is not a known currency code'],
    [{ results: { hideMoney: 'yes' } }, 'hideMoney must be true or false'],
    [{ reminders: { sessionTypeIds: [999] } }, 'Session type does not exist'],
    [{ reminders: { sessionTypeIds: [3, 3] } }, 'Name each session type once'],
    [{ reminders: { minutesBefore: -1 } }, 'Minutes before must be 0 or more'],
    [{ reminders: { minutesBefore: 1441 } }, 'Minutes before must be at most 1440'],
    [{ reminders: { minutesBefore: 2.5 } }, 'Minutes before must be a whole number'],
    [{ sharing: { discipline: 1 } }, 'discipline must be true or false'],
    [{ sharing: { notes: true } }, 'Unrecognized key'],
  ])('%j is refused with 400 and changes nothing', async (preferences, message) => {
    const before = (await currentUser()).preferences;
    const response = await update(preferences);
    expect(response.statusCode).toBe(400);
    expect(response.json<{ message: string }>().message).toContain(message);
    expect((await currentUser()).preferences).toEqual(before);
  });
});
