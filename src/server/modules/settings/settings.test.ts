import { afterEach, beforeEach, expect, test } from 'vitest';
import type { User } from '#shared/schemas/auth.ts';
import { createLoggedInUser } from '#testing/factories.ts';
import { createTestApp, describeEachDialect, type TestApp } from '#testing/test-app.ts';

describeEachDialect('PUT /api/auth/update-profile', (dialect) => {
  let t: TestApp;
  let trader: Awaited<ReturnType<typeof createLoggedInUser>>;
  beforeEach(async () => {
    t = await createTestApp(dialect);
    trader = await createLoggedInUser(t.app, { companyName: 'Old Desk' });
  });
  afterEach(() => t.close());

  const update = (payload: object, cookie = trader.cookie) =>
    t.app.inject({
      method: 'PUT',
      url: '/api/auth/update-profile',
      headers: { cookie },
      payload,
    });
  const currentUser = async (cookie = trader.cookie) =>
    (await t.app.inject({ method: 'GET', url: '/api/user', headers: { cookie } })).json<{
      user: User;
    }>().user;

  test('changes the named fields, trimmed, and keeps the others', async () => {
    const response = await update({ fullName: '  Ada Lovelace ', email: 'ada@example.com' });
    expect(response.statusCode).toBe(200);
    const expected = {
      username: trader.username,
      fullName: 'Ada Lovelace',
      email: 'ada@example.com',
      companyName: 'Old Desk',
      preferences: {
        notifications: { tradingSessions: true, weeklyReports: true, lowCompliance: true },
        theme: 'system',
      },
    };
    expect(response.json<{ user: User }>().user).toMatchObject(expected);
    expect(await currentUser()).toMatchObject(expected);
  });

  test('a blank company clears it; null does too', async () => {
    expect((await update({ companyName: '   ' })).json().user.companyName).toBeNull();
    await update({ companyName: 'New Desk' });
    expect((await currentUser()).companyName).toBe('New Desk');
    expect((await update({ companyName: null })).json().user.companyName).toBeNull();
  });

  test('notification switches change one at a time and survive', async () => {
    await update({ preferences: { notifications: { weeklyReports: false } } });
    await update({ preferences: { notifications: { lowCompliance: false } } });
    expect((await currentUser()).preferences.notifications).toEqual({
      tradingSessions: true,
      weeklyReports: false,
      lowCompliance: false,
    });
  });

  test("a change touches only the logged-in user's account", async () => {
    const other = await createLoggedInUser(t.app);
    await update({ fullName: 'Changed Name' });
    expect((await currentUser(other.cookie)).fullName).toBe(other.fullName);
  });

  test.each([
    { case: 'a one-letter name', payload: { fullName: 'A' }, message: 'Full name is required' },
    { case: 'a bad email', payload: { email: 'not-an-email' }, message: 'Invalid email address' },
    {
      case: 'a NUL in the company',
      payload: { companyName: 'Desk\u0000' },
      message: 'Trading company must not contain control characters',
    },
    {
      case: 'an unknown switch',
      payload: { preferences: { notifications: { sms: true } } },
      message: 'Unrecognized key: "sms"',
    },
    {
      case: 'a username',
      payload: { username: 'someone-else' },
      message: 'Unrecognized key: "username"',
    },
    {
      case: 'nothing',
      payload: {},
      message: 'Nothing to change: send fullName, email, companyName, avatar or preferences',
    },
    {
      case: 'preferences with nothing in them',
      payload: { preferences: { notifications: {}, reminders: {} } },
      message: 'Nothing to change: send fullName, email, companyName, avatar or preferences',
    },
  ])('$case answers 400, and nothing changes', async ({ payload, message }) => {
    const before = await currentUser();
    const response = await update(payload);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(message);
    expect(await currentUser()).toEqual(before);
  });

  test('needs a login', async () => {
    const response = await t.app.inject({
      method: 'PUT',
      url: '/api/auth/update-profile',
      payload: { fullName: 'Nobody Here' },
    });
    expect(response.statusCode).toBe(401);
  });
});
