import { afterEach, beforeEach, expect, test } from 'vitest';
import { countRowsOf, createUserAsAdmin } from '#testing/admin.ts';
import { createLoggedInUser, guessFromManyAddresses } from '#testing/factories.ts';
import { createPng, toDataUrl } from '#testing/images.ts';
import { createRules } from '#testing/rules.ts';
import { createSession } from '#testing/sessions.ts';
import { createTestApp, describeEachDialect, type TestApp } from '#testing/test-app.ts';
import {
  MAX_LOGIN_ATTEMPTS_PER_USERNAME,
  MAX_LOGIN_ATTEMPTS_PER_USERNAME_AND_ADDRESS,
} from '../auth/attempt-limits.ts';

type Account = Awaited<ReturnType<typeof createLoggedInUser>>;

describeEachDialect("'Delete my account'", (dialect) => {
  let t: TestApp;
  let admin: Account;
  let trader: Account;
  beforeEach(async () => {
    t = await createTestApp(dialect);
    admin = await createLoggedInUser(t.app);
    trader = await createLoggedInUser(t.app);
  });
  afterEach(() => t.close());

  const deleteAccount = (cookie: string | undefined, payload: object) =>
    t.app.inject({
      method: 'DELETE',
      url: '/api/auth/account',
      ...(cookie ? { headers: { cookie } } : {}),
      payload,
    });
  const isLoggedIn = async (cookie: string) =>
    (await t.app.inject({ method: 'GET', url: '/api/user', headers: { cookie } })).statusCode ===
    200;

  test('the right password removes the account, its data and files, and ends the login', async () => {
    const png = toDataUrl(await createPng());
    const [rule] = await createRules(t.app, trader.cookie, [{ description: 'Stop loss' }]);
    await createSession(t.app, trader.cookie, {
      screenshotData: png,
      rulesFollowed: [{ ruleId: rule!.id, followed: true }],
    });
    await t.app.inject({
      method: 'PUT',
      url: '/api/auth/update-profile',
      headers: { cookie: trader.cookie },
      payload: { avatar: png },
    });
    expect(await t.listImageFiles()).toHaveLength(3);

    const response = await deleteAccount(trader.cookie, { password: trader.password });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ ok: true });
    const cleared = response.cookies.find((cookie) => cookie.name === 'rk_session');
    expect(cleared?.value).toBe('');

    const rows = await countRowsOf(t.database, trader.user.id);
    expect(Object.values(rows).every((count) => count === 0)).toBe(true);
    expect(await t.listImageFiles()).toEqual([]);
    expect(await isLoggedIn(trader.cookie)).toBe(false);
    expect(await isLoggedIn(admin.cookie)).toBe(true);
  });

  test('a wrong password: 400 (not 401, the login goes on) and nothing is deleted', async () => {
    const response = await deleteAccount(trader.cookie, { password: 'not-my-password' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      message: 'Password is incorrect',
      issues: [{ path: 'password', message: 'Password is incorrect' }],
    });
    expect(await isLoggedIn(trader.cookie)).toBe(true);
    expect((await countRowsOf(t.database, trader.user.id)).users).toBe(1);

    const missing = await deleteAccount(trader.cookie, {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json<{ message: string }>().message).toBe('Password is required');
  });

  test('wrong passwords count against the login limits, so guessing stops', async () => {
    for (let i = 0; i < MAX_LOGIN_ATTEMPTS_PER_USERNAME_AND_ADDRESS; i++) {
      expect((await deleteAccount(trader.cookie, { password: `guess-${i}` })).statusCode).toBe(400);
    }
    const limited = await deleteAccount(trader.cookie, { password: trader.password });
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBeDefined();
    // The same counter as the login form's: it cannot be used to go around it either.
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username: trader.username, password: trader.password },
    });
    expect(login.statusCode).toBe(429);
    expect((await countRowsOf(t.database, trader.user.id)).users).toBe(1);
  });

  test('guessers at many addresses do not keep the owner from deleting the account', async () => {
    await guessFromManyAddresses(t.app, trader.username, {
      count: MAX_LOGIN_ATTEMPTS_PER_USERNAME,
      network: 8,
    });
    const atTheForm = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      remoteAddress: '10.8.9.9',
      payload: { username: trader.username, password: trader.password },
    });
    expect(atTheForm.statusCode).toBe(429);
    const deleted = await deleteAccount(trader.cookie, { password: trader.password });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect((await countRowsOf(t.database, trader.user.id)).users).toBe(0);
  });

  test('the last administrator cannot leave; with another administrator they can', async () => {
    const refused = await deleteAccount(admin.cookie, { password: admin.password });
    expect(refused.statusCode).toBe(409);
    expect(refused.json<{ message: string }>().message).toMatch(/last administrator/);
    expect(await isLoggedIn(admin.cookie)).toBe(true);

    await createUserAsAdmin(t.app, admin.cookie, { isAdmin: true });
    expect((await deleteAccount(admin.cookie, { password: admin.password })).statusCode).toBe(200);
  });

  test('a right password refused as the last administrator is not counted as a failed login', async () => {
    for (let attempt = 0; attempt <= MAX_LOGIN_ATTEMPTS_PER_USERNAME_AND_ADDRESS; attempt += 1) {
      const refused = await deleteAccount(admin.cookie, { password: admin.password });
      expect(refused.statusCode, `attempt ${attempt + 1}`).toBe(409);
    }
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username: admin.username, password: admin.password },
    });
    expect(login.statusCode).toBe(200);
  });

  test('two administrators leaving at the same moment: one stays', async () => {
    const second = await createUserAsAdmin(t.app, admin.cookie, { isAdmin: true });
    const responses = await Promise.all([
      deleteAccount(admin.cookie, { password: admin.password }),
      deleteAccount(second.cookie, { password: second.password }),
    ]);
    expect(responses.map((response) => response.statusCode).sort()).toEqual([200, 409]);
    const admins = await t.database.db
      .selectFrom('users')
      .select('id')
      .where('is_admin', '=', true)
      .execute();
    expect(admins).toHaveLength(1);
  });

  test('anonymous: 401', async () => {
    const response = await deleteAccount(undefined, { password: 'whatever-it-is' });
    expect(response.statusCode).toBe(401);
  });
});
