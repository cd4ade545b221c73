import { afterEach, beforeEach, expect, test } from 'vitest';
import type { User } from '#shared/schemas/auth.ts';
import { THEMES } from '#shared/schemas/theme.ts';
import { createLoggedInUser, login } from '#testing/factories.ts';
import { createTestApp, describeEachDialect, type TestApp } from '#testing/test-app.ts';

describeEachDialect('the theme in PUT /api/auth/update-profile', (dialect) => {
  let t: TestApp;
  let trader: Awaited<ReturnType<typeof createLoggedInUser>>;
  beforeEach(async () => {
    t = await createTestApp(dialect);
    trader = await createLoggedInUser(t.app);
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

  test("a new account follows the device's setting", async () => {
    expect((await currentUser()).preferences.theme).toBe('system');
  });

  test.each(THEMES)('%s is saved, answered and there at the next login', async (theme) => {
    // From another value first, so that 'system' is a change too.
    await update({ preferences: { theme: theme === 'dark' ? 'light' : 'dark' } });
    const response = await update({ preferences: { theme } });
    expect(response.statusCode).toBe(200);
    expect(response.json<{ user: User }>().user.preferences.theme).toBe(theme);

    // A fresh browser gets it from the server: the local copy is only a cache.
    const elsewhere = await login(t.app, trader.username, trader.password);
    const session = await t.app.inject({
      method: 'GET',
      url: '/api/auth/session',
      headers: { cookie: elsewhere },
    });
    expect(session.json().user.preferences.theme).toBe(theme);
  });

  test('the theme and the notification switches change apart', async () => {
    await update({ preferences: { notifications: { weeklyReports: false } } });
    const before = await currentUser();

    await update({ preferences: { theme: 'dark' } });
    const afterTheme = await currentUser();
    expect(afterTheme).toEqual({
      ...before,
      preferences: { ...before.preferences, theme: 'dark' },
    });

    await update({ preferences: { notifications: { lowCompliance: false } } });
    expect((await currentUser()).preferences).toEqual({
      ...before.preferences,
      notifications: { tradingSessions: true, weeklyReports: false, lowCompliance: false },
      theme: 'dark',
    });
  });

  test("one trader's theme is not another's", async () => {
    const other = await createLoggedInUser(t.app);
    await update({ preferences: { theme: 'dark' } });
    expect((await currentUser(other.cookie)).preferences.theme).toBe('system');
  });

  test.each([
    { case: 'an unknown theme', theme: 'blue' },
    { case: 'another spelling', theme: 'Dark' },
    { case: 'a blank', theme: '' },
    { case: 'null', theme: null },
    { case: 'a number', theme: 1 },
  ])('$case answers 400, and nothing changes', async ({ theme }) => {
    await update({ preferences: { theme: 'light', notifications: { tradingSessions: false } } });
    const before = await currentUser();
    const response = await update({ preferences: { theme } });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      message: 'Theme must be light, dark or system',
      issues: [{ path: 'preferences.theme', message: 'Theme must be light, dark or system' }],
    });
    expect(await currentUser()).toEqual(before);
  });

  test('needs a login', async () => {
    const response = await t.app.inject({
      method: 'PUT',
      url: '/api/auth/update-profile',
      payload: { preferences: { theme: 'dark' } },
    });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ message: expect.any(String) });
  });

  test('changes sent at the same time all succeed; the stored one is one of them', async () => {
    const sent = ['dark', 'light', 'system', 'dark', 'light', 'system'] as const;
    const responses = await Promise.all(sent.map((theme) => update({ preferences: { theme } })));
    expect(responses.map((response) => response.statusCode)).toEqual(sent.map(() => 200));
    expect(sent).toContain((await currentUser()).preferences.theme);
  });
});
