import { afterEach, beforeEach, expect, test } from 'vitest';
import type { ActiveLogin } from '#shared/schemas/security.ts';
import { createLoggedInUser, guessFromManyAddresses, signup } from '#testing/factories.ts';
import { createTestApp, describeEachDialect, type TestApp } from '#testing/test-app.ts';
import {
  MAX_LOGIN_ATTEMPTS_PER_USERNAME,
  MAX_LOGIN_ATTEMPTS_PER_USERNAME_AND_ADDRESS,
  MAX_PASSWORD_CHECKS_PER_USER,
} from './attempt-limits.ts';
import { hashLoginToken } from './login-tokens.ts';
import { MAX_LOGINS_LISTED } from './security.service.ts';

const CHROME_ON_WINDOWS =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const SAFARI_ON_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';
const MINUTE_MS = 60 * 1000;
const DAY_MS = 24 * 60 * MINUTE_MS;
const NEW_PASSWORD = 'brand-new-secret-7';

describeEachDialect('login security', (dialect) => {
  let t: TestApp;
  let clock: Date;
  let trader: Awaited<ReturnType<typeof createLoggedInUser>>;
  beforeEach(async () => {
    clock = new Date('2026-03-14T09:00:00.000Z');
    t = await createTestApp(dialect, { now: () => clock });
    await signup(t.app); // the administrator: the traders below are ordinary users
    trader = await createLoggedInUser(t.app);
  });
  afterEach(() => t.close());

  const tick = (ms: number) => {
    clock = new Date(clock.getTime() + ms);
  };

  /** Another login of the trader (or of `account`), from a browser that names itself. */
  const logInAgain = async (
    userAgent = CHROME_ON_WINDOWS,
    account: { username: string; password: string } = trader,
    password = account.password,
  ) => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'user-agent': userAgent },
      payload: { username: account.username, password },
    });
    const cookie = response.cookies.find((c) => c.name === 'rk_session');
    return { response, cookie: cookie ? `rk_session=${cookie.value}` : '' };
  };
  const cookieOf = async (userAgent?: string) => (await logInAgain(userAgent)).cookie;

  const isLoggedIn = async (cookie: string) =>
    (await t.app.inject({ method: 'GET', url: '/api/user', headers: { cookie } })).statusCode ===
    200;

  const listLogins = async (cookie = trader.cookie) => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/auth/logins',
      headers: { cookie },
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{ logins: ActiveLogin[] }>().logins;
  };

  const changePassword = (payload: object, cookie = trader.cookie, remoteAddress?: string) =>
    t.app.inject({
      method: 'PUT',
      url: '/api/auth/password',
      headers: { cookie },
      payload,
      ...(remoteAddress ? { remoteAddress } : {}),
    });

  const storedLogins = () =>
    t.database.db
      .selectFrom('auth_sessions')
      .select(['id', 'user_agent', 'last_used_at', 'expires_at'])
      .execute();

  test('the list shows only your own live logins, with their device, the current one first', async () => {
    const phone = await cookieOf(SAFARI_ON_IPHONE);
    tick(MINUTE_MS);
    const desktop = await cookieOf(CHROME_ON_WINDOWS);
    const stranger = await createLoggedInUser(t.app);

    const logins = await listLogins(phone);
    expect(logins).toHaveLength(3);
    expect(logins[0]).toMatchObject({ device: 'Safari on iPhone', isCurrent: true });
    // Then by last use, newest first: the desktop login was made after the first one.
    expect(logins.slice(1).map((login) => login.device)).toEqual([
      'Chrome on Windows',
      'Unknown device',
    ]);
    expect(logins.filter((login) => login.isCurrent)).toHaveLength(1);
    expect(logins[1]).toMatchObject({
      createdAt: clock.toISOString(),
      lastUsedAt: clock.toISOString(),
    });

    // The public id is neither the stored hash nor a piece of it.
    const hashes = (await storedLogins()).map((row) => row.id);
    for (const { id } of logins) {
      expect(id).toMatch(/^[A-Za-z0-9_-]{22}$/);
      for (const hash of hashes) expect(hash).not.toContain(id);
    }
    expect(logins.map((login) => login.id)).not.toContain(hashLoginToken(phone.split('=')[1]!));

    const strangers = await listLogins(stranger.cookie);
    expect(strangers).toHaveLength(1);
    expect(strangers[0]?.isCurrent).toBe(true);
    expect(logins.map((login) => login.id)).not.toContain(strangers[0]?.id);
    expect((await listLogins(desktop))[0]).toMatchObject({ device: 'Chrome on Windows' });
  });

  test('a login records its user agent, cut to 512 characters; one with control characters is not kept', async () => {
    await t.database.db.deleteFrom('auth_sessions').execute();
    await cookieOf(`${CHROME_ON_WINDOWS} ${'x'.repeat(1000)}`);
    await cookieOf('Firefox/133.0\u0085');
    const agents = (await storedLogins()).map((row) => row.user_agent);
    expect(agents).toHaveLength(2);
    expect(agents).toContain(`${CHROME_ON_WINDOWS} ${'x'.repeat(1000)}`.slice(0, 512));
    expect(agents).toContain(null);
  });

  test('a login is marked used at most once every 5 minutes, remembered or not', async () => {
    const remembered = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username: trader.username, password: trader.password, rememberMe: true },
    });
    const rememberedCookie = `rk_session=${remembered.cookies.find((c) => c.name === 'rk_session')?.value}`;
    const lastUse = async (cookie: string) => {
      const id = hashLoginToken(cookie.split('=')[1]!);
      const row = (await storedLogins()).find((login) => login.id === id);
      return { lastUsedAt: row?.last_used_at, expiresAt: row?.expires_at };
    };
    const madeAt = clock.toISOString();
    expect((await lastUse(trader.cookie)).lastUsedAt).toBe(madeAt);

    tick(4 * MINUTE_MS);
    for (let i = 0; i < 5; i += 1) {
      expect(await isLoggedIn(trader.cookie)).toBe(true);
      expect(await isLoggedIn(rememberedCookie)).toBe(true);
    }
    expect((await lastUse(trader.cookie)).lastUsedAt).toBe(madeAt);
    expect((await lastUse(rememberedCookie)).lastUsedAt).toBe(madeAt);

    tick(MINUTE_MS);
    const fiveMinutesOn = clock.toISOString();
    await isLoggedIn(trader.cookie);
    await isLoggedIn(rememberedCookie);
    const browser = await lastUse(trader.cookie);
    expect(browser.lastUsedAt).toBe(fiveMinutesOn);
    // The same write moves a browser login's idle end 12 hours ahead.
    expect(browser.expiresAt).toBe(new Date(clock.getTime() + 12 * 60 * MINUTE_MS).toISOString());
    expect((await lastUse(rememberedCookie)).lastUsedAt).toBe(fiveMinutesOn);

    tick(MINUTE_MS);
    await isLoggedIn(trader.cookie);
    expect((await lastUse(trader.cookie)).lastUsedAt).toBe(fiveMinutesOn);

    // Another login sees it in the list.
    const other = await cookieOf();
    const listed = (await listLogins(other)).find(
      (login) => !login.isCurrent && login.createdAt === madeAt,
    );
    expect(listed?.lastUsedAt).toBe(fiveMinutesOn);
  });

  test('the list stops at the 100 most recently used logins, the current one first', async () => {
    const rows = Array.from({ length: MAX_LOGINS_LISTED + 10 }, (_, i) => ({
      id: `${i}`.padStart(64, 'f'),
      user_id: trader.user.id,
      created_at: new Date(clock.getTime() - DAY_MS).toISOString(),
      expires_at: new Date(clock.getTime() + DAY_MS).toISOString(),
      is_persistent: false,
      user_agent: CHROME_ON_WINDOWS,
      last_used_at: new Date(clock.getTime() - (i + 1) * 1000).toISOString(),
    }));
    await t.database.db.insertInto('auth_sessions').values(rows).execute();
    // Stored as used three minutes ago, before every other: a last use is written at most
    // every five minutes, so the listing request leaves it as it is. It is listed all the same.
    await t.database.db
      .updateTable('auth_sessions')
      .set({ last_used_at: new Date(clock.getTime() - 3 * MINUTE_MS).toISOString() })
      .where('id', '=', hashLoginToken(trader.cookie.split('=')[1]!))
      .execute();
    tick(MINUTE_MS);
    const logins = await listLogins();
    expect(logins).toHaveLength(MAX_LOGINS_LISTED);
    expect(logins[0]?.isCurrent).toBe(true);
    expect(logins[1]?.lastUsedAt).toBe(rows[0]?.last_used_at);
    const ended = await t.app.inject({
      method: 'POST',
      url: '/api/auth/logins/end-others',
      headers: { cookie: trader.cookie },
    });
    expect(ended.json()).toEqual({ ended: MAX_LOGINS_LISTED + 10 });
  });

  test('an ended login is not listed', async () => {
    const other = await cookieOf();
    tick(13 * 60 * MINUTE_MS); // 12 idle hours: both browser logins end
    const fresh = await cookieOf();
    expect(await listLogins(fresh)).toHaveLength(1);
    expect(await isLoggedIn(other)).toBe(false);
  });

  test('"Log out everywhere else" ends every other login and keeps this one', async () => {
    const others = [await cookieOf(), await cookieOf(SAFARI_ON_IPHONE)];
    const stranger = await createLoggedInUser(t.app);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/logins/end-others',
      headers: { cookie: trader.cookie },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ ended: 2 });
    for (const cookie of others) expect(await isLoggedIn(cookie)).toBe(false);
    expect(await isLoggedIn(trader.cookie)).toBe(true);
    expect(await isLoggedIn(stranger.cookie)).toBe(true);
    expect(await listLogins()).toEqual([expect.objectContaining({ isCurrent: true })]);

    const again = await t.app.inject({
      method: 'POST',
      url: '/api/auth/logins/end-others',
      headers: { cookie: trader.cookie },
    });
    expect(again.json()).toEqual({ ended: 0 });
  });

  test("one login ends by its id; another user's login id answers 404 and ends nothing", async () => {
    const other = await cookieOf(SAFARI_ON_IPHONE);
    const stranger = await createLoggedInUser(t.app);
    const otherId = (await listLogins()).find((login) => !login.isCurrent)?.id;
    const strangerId = (await listLogins(stranger.cookie))[0]?.id;
    const endLogin = (id: string | undefined, cookie = trader.cookie) =>
      t.app.inject({ method: 'DELETE', url: `/api/auth/logins/${id}`, headers: { cookie } });

    const refused = await endLogin(strangerId);
    expect(refused.statusCode).toBe(404);
    expect(refused.json()).toEqual({ message: 'Login not found' });
    expect(await isLoggedIn(stranger.cookie)).toBe(true);

    expect((await endLogin(otherId)).statusCode).toBe(200);
    expect(await isLoggedIn(other)).toBe(false);
    expect(await isLoggedIn(trader.cookie)).toBe(true);
    expect((await endLogin(otherId)).statusCode).toBe(404);

    const malformed = await endLogin('not-a-login-id');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().message).toBe('Login id is not valid');
  });

  test('ending the current login by its id logs out, cookie and all', async () => {
    const [current] = await listLogins();
    const response = await t.app.inject({
      method: 'DELETE',
      url: `/api/auth/logins/${current?.id}`,
      headers: { cookie: trader.cookie },
    });
    expect(response.statusCode).toBe(200);
    expect(response.cookies.find((c) => c.name === 'rk_session')?.value).toBe('');
    expect(await isLoggedIn(trader.cookie)).toBe(false);
  });

  test('every route here is declared for logged-in users', () => {
    const declared = new Map(t.app.routeTable.map((r) => [`${r.method} ${r.url}`, r.access]));
    for (const route of [
      'GET /api/auth/logins',
      'POST /api/auth/logins/end-others',
      'DELETE /api/auth/logins/:id',
      'PUT /api/auth/password',
    ]) {
      expect(declared.get(route), route).toBe('user');
    }
  });

  test('every route here answers 401 without a login', async () => {
    const requests = [
      { method: 'GET', url: '/api/auth/logins' },
      { method: 'POST', url: '/api/auth/logins/end-others' },
      { method: 'DELETE', url: '/api/auth/logins/AAAAAAAAAAAAAAAAAAAAAA' },
      {
        method: 'PUT',
        url: '/api/auth/password',
        payload: { currentPassword: trader.password, newPassword: NEW_PASSWORD },
      },
    ] as const;
    for (const request of requests) {
      for (const cookie of [undefined, 'rk_session=forged-token']) {
        const response = await t.app.inject({ ...request, headers: cookie ? { cookie } : {} });
        expect(response.statusCode, `${request.method} ${request.url}`).toBe(401);
        expect(response.json()).toEqual({ message: 'You are not logged in' });
      }
    }
  });

  test('a password change ends every other login; the old password fails and the new one logs in', async () => {
    const others = [await cookieOf(), await cookieOf(SAFARI_ON_IPHONE)];
    const stranger = await createLoggedInUser(t.app);
    const response = await changePassword({
      currentPassword: trader.password,
      newPassword: NEW_PASSWORD,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ ended: 2 });

    for (const cookie of others) expect(await isLoggedIn(cookie)).toBe(false);
    expect(await isLoggedIn(trader.cookie)).toBe(true);
    expect(await isLoggedIn(stranger.cookie)).toBe(true);
    expect((await logInAgain(CHROME_ON_WINDOWS, trader, trader.password)).response.statusCode).toBe(
      401,
    );
    expect((await logInAgain(CHROME_ON_WINDOWS, trader, NEW_PASSWORD)).response.statusCode).toBe(
      200,
    );
    const stored = await t.database.db
      .selectFrom('users')
      .select('password_hash')
      .where('id', '=', trader.user.id)
      .executeTakeFirstOrThrow();
    expect(stored.password_hash).toMatch(/^\$argon2id\$/);
    expect(stored.password_hash).not.toContain(NEW_PASSWORD);
  });

  test.each([
    {
      case: 'a wrong current password',
      payload: { currentPassword: 'not-my-password', newPassword: NEW_PASSWORD },
      message: 'Current password is incorrect',
      path: 'currentPassword',
    },
    {
      case: 'no current password',
      payload: { currentPassword: '', newPassword: NEW_PASSWORD },
      message: 'Current password is required',
      path: 'currentPassword',
    },
    {
      case: 'a short new password',
      payload: { currentPassword: 'correct-horse-1', newPassword: 'short1' },
      message: 'Password must be at least 8 characters',
      path: 'newPassword',
    },
    {
      case: 'a new password over 256 characters',
      payload: { currentPassword: 'correct-horse-1', newPassword: 'a'.repeat(257) },
      message: 'Password must be at most 256 characters',
      path: 'newPassword',
    },
    {
      case: 'a common new password',
      payload: { currentPassword: 'correct-horse-1', newPassword: 'Password123' },
      message: 'This password is too common',
      path: 'newPassword',
    },
    {
      case: 'the same password again',
      payload: { currentPassword: 'correct-horse-1', newPassword: 'correct-horse-1' },
      message: 'New password must be different from the current one',
      path: 'newPassword',
    },
    {
      case: 'a NUL in the new password',
      payload: { currentPassword: 'correct-horse-1', newPassword: 'before\u0000after' },
      message: 'Password must not contain control characters',
      path: 'newPassword',
    },
    {
      case: 'an unknown field',
      payload: { currentPassword: 'correct-horse-1', newPassword: NEW_PASSWORD, userId: 1 },
      message: 'Unrecognized key: "userId"',
      path: '',
    },
  ])(
    '$case answers 400 naming the field, and nothing changes',
    async ({ payload, message, path }) => {
      expect(trader.password).toBe('correct-horse-1');
      const other = await cookieOf();
      const response = await changePassword(payload);
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe(message);
      expect(response.json().issues?.map((issue: { path: string }) => issue.path)).toContain(path);
      expect(await isLoggedIn(other)).toBe(true);
      expect(await isLoggedIn(trader.cookie)).toBe(true);
      expect((await logInAgain()).response.statusCode).toBe(200);
    },
  );

  test('wrong current passwords count as login attempts: the limit answers 429 at that address, for logins too', async () => {
    // A login used from another address (a borrowed laptop, a stolen cookie) guessing.
    const guesser = '10.0.0.66';
    for (let i = 0; i < MAX_LOGIN_ATTEMPTS_PER_USERNAME_AND_ADDRESS; i += 1) {
      const response = await changePassword(
        { currentPassword: `guess-${i}`, newPassword: NEW_PASSWORD },
        trader.cookie,
        guesser,
      );
      expect(response.statusCode).toBe(400);
    }
    const limited = await changePassword(
      { currentPassword: trader.password, newPassword: NEW_PASSWORD },
      trader.cookie,
      guesser,
    );
    expect(limited.statusCode).toBe(429);
    expect(limited.json().message).toMatch(/^Too many login attempts\. Please try again in /);
    expect(limited.headers['retry-after']).toMatch(/^\d+$/);
    // The guesses were spent on this username at that address: its logins there wait as well.
    const loginThere = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      remoteAddress: guesser,
      payload: { username: trader.username, password: trader.password },
    });
    expect(loginThere.statusCode).toBe(429);
    // Nothing changed, and the owner at their own address is not held back.
    expect(await isLoggedIn(trader.cookie)).toBe(true);
    expect((await logInAgain()).response.statusCode).toBe(200);
  });

  test('guessers at many addresses hold back the login form, not the owner changing the password', async () => {
    await guessFromManyAddresses(t.app, trader.username, {
      count: MAX_LOGIN_ATTEMPTS_PER_USERNAME,
      network: 7,
    });
    expect((await logInAgain()).response.statusCode).toBe(429);
    const change = await changePassword({
      currentPassword: trader.password,
      newPassword: NEW_PASSWORD,
    });
    expect(change.statusCode, change.body).toBe(200);
  });

  test('a login cookie guessing the current password from many addresses is held to its own limit', async () => {
    for (let i = 0; i < MAX_PASSWORD_CHECKS_PER_USER; i += 1) {
      const response = await changePassword(
        { currentPassword: `guess-${i}`, newPassword: NEW_PASSWORD },
        trader.cookie,
        `10.9.0.${i + 1}`,
      );
      expect(response.statusCode).toBe(400);
    }
    const limited = await changePassword(
      { currentPassword: trader.password, newPassword: NEW_PASSWORD },
      trader.cookie,
      '10.9.1.1',
    );
    expect(limited.statusCode).toBe(429);
    // The login form is not held back by them: its own counts were not spent.
    expect((await logInAgain()).response.statusCode).toBe(200);
  });

  test('a successful change is not counted against the trader', async () => {
    let password = trader.password;
    for (let i = 0; i < MAX_LOGIN_ATTEMPTS_PER_USERNAME_AND_ADDRESS + 2; i += 1) {
      const next = `${NEW_PASSWORD}-${i}`;
      const response = await changePassword({ currentPassword: password, newPassword: next });
      expect(response.statusCode, response.body).toBe(200);
      password = next;
    }
  });
});
