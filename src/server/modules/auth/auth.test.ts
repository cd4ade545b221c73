import { sql } from 'kysely';
import { afterEach, beforeEach, expect, test } from 'vitest';
import { buildSignup, createLoggedInUser, login, signup } from '#testing/factories.ts';
import {
  createTestApp,
  describeEachDialect,
  describePostgres,
  type TestApp,
} from '#testing/test-app.ts';

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

describeEachDialect('accounts', (dialect) => {
  let t: TestApp;
  let clock: Date;
  beforeEach(async () => {
    clock = new Date('2026-03-14T09:00:00.000Z');
    t = await createTestApp(dialect, { now: () => clock });
  });
  afterEach(() => t.close());

  const countUsers = async () =>
    (await t.database.db.selectFrom('users').select('id').execute()).length;

  const getAuthSession = (cookie?: string) =>
    t.app.inject({ method: 'GET', url: '/api/auth/session', headers: cookie ? { cookie } : {} });

  test('a visitor signs up and is not logged in by it', async () => {
    const body = buildSignup({ companyName: '  Acme FX  ' });
    const response = await t.app.inject({ method: 'POST', url: '/api/auth/signup', payload: body });
    expect(response.statusCode).toBe(201);
    expect(response.cookies).toHaveLength(0);
    const { user } = response.json();
    expect(user).toMatchObject({
      username: body.username,
      fullName: body.fullName,
      email: body.email,
      companyName: 'Acme FX',
      avatar: null,
      preferences: {
        notifications: { tradingSessions: true, weeklyReports: true, lowCompliance: true },
        theme: 'system',
      },
    });
    expect(JSON.stringify(user)).not.toContain('password');
    const stored = await t.database.db
      .selectFrom('users')
      .select('password_hash')
      .executeTakeFirstOrThrow();
    expect(stored.password_hash).toMatch(/^\$argon2id\$/);
  });

  test('the first account is an administrator and the second is not', async () => {
    const first = await signup(t.app);
    const second = await signup(t.app);
    expect(first.user.isAdmin).toBe(true);
    expect(second.user.isAdmin).toBe(false);
  });

  test('a username in any script is kept composed: marks on letters, never first', async () => {
    const decomposed = 'Jose\u0301';
    const first = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      payload: buildSignup({ username: decomposed }),
    });
    expect(first.statusCode, first.body).toBe(201);
    // Stored as one letter é, and found again however it is typed.
    expect(first.json().user.username).toBe('Jos\u00e9');
    const clash = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      payload: buildSignup({ username: 'JOS\u00c9' }),
    });
    expect(clash.statusCode).toBe(409);
    // Devanagari's vowel signs and virama are marks.
    const hindi = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      payload: buildSignup({ username: '\u092a\u094d\u0930\u093f\u092f\u093e' }),
    });
    expect(hindi.statusCode, hindi.body).toBe(201);
    const markFirst = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      payload: buildSignup({ username: '\u0301trader' }),
    });
    expect(markFirst.statusCode).toBe(400);
    expect(markFirst.json().message).toBe(
      'Username may contain only letters, numbers, dots, hyphens and underscores',
    );
    // U+095B is one character that NFC makes two: 30 of them compose to 60, over the limit
    // that login and import hold a username to.
    const grows = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      payload: buildSignup({ username: '\u095b'.repeat(30) }),
    });
    expect(grows.statusCode).toBe(400);
    expect(grows.json().message).toBe('Username must be at most 50 characters');
    expect(await countUsers()).toBe(2);
  });

  test('a username taken in another letter case answers 409 and stores nothing', async () => {
    await signup(t.app, { username: 'MarketMaker' });
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      payload: buildSignup({ username: 'marketmaker' }),
    });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      message: 'Username already exists',
      issues: [{ path: 'username', message: 'Username already exists' }],
    });
    expect(await countUsers()).toBe(1);
  });

  test('a Greek name taken in capitals answers 409 in small letters, its final sigma too', async () => {
    // In capitals the last Σ lower-cases to ς; typed small, a σ there stays σ.
    await signup(t.app, { username: 'ΟΔΥΣΣΕΥΣ', password: 'Ithaca-2026' });
    const clash = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      payload: buildSignup({ username: 'οδυσσευσ' }),
    });
    expect(clash.statusCode).toBe(409);
    expect(await countUsers()).toBe(1);
    // Logs in however it is typed.
    expect(await login(t.app, 'οδυσσευσ', 'Ithaca-2026')).toMatch(/^rk_session=/);
  });

  test.each([
    ['a short password', { password: '1234567' }, 'Password must be at least 8 characters'],
    ['a common password', { password: 'Sunshine1' }, 'This password is too common'],
    ['a bad email', { email: 'not-an-email' }, 'Invalid email address'],
    ['a one-letter name', { fullName: ' A ' }, 'Full name is required'],
    ['a blank username', { username: '   ' }, 'Username is required'],
    [
      'a username with spaces',
      { username: 'john doe' },
      'Username may contain only letters, numbers, dots, hyphens and underscores',
    ],
    ['a number as username', { username: 42 }, 'Username must be text'],
    ['an unknown field', { isAdmin: true }, 'Unrecognized key: "isAdmin"'],
  ])(
    'signup with %s answers 400 with its message and stores nothing',
    async (_case, change, message) => {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/auth/signup',
        payload: { ...buildSignup(), ...change },
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe(message);
      expect(await countUsers()).toBe(0);
    },
  );

  test('broken JSON, a non-object and a missing body answer 400', async () => {
    for (const payload of ['{"username": "x"', '[]', 'null', '']) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/auth/signup',
        headers: { 'content-type': 'application/json' },
        payload,
      });
      expect(response.statusCode, payload).toBe(400);
      expect(response.json().message, payload).toEqual(expect.any(String));
    }
    expect(await countUsers()).toBe(0);
  });

  test('a 5 MB body answers 413 and the server keeps answering', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      payload: { ...buildSignup(), fullName: 'x'.repeat(5 * 1024 * 1024) },
    });
    expect(response.statusCode).toBe(413);
    expect(response.json().message).toEqual(expect.any(String));
    expect(await countUsers()).toBe(0);
    expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
  });

  test('login sets an HttpOnly, SameSite=Lax browser-session cookie and GET /api/auth/session answers', async () => {
    const account = await signup(t.app);
    expect((await getAuthSession()).json()).toEqual({ authenticated: false, user: null });

    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username: account.username.toUpperCase(), password: account.password },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().user.username).toBe(account.username);
    const cookie = response.cookies.find((c) => c.name === 'rk_session');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(cookie?.expires).toBeUndefined();
    expect(cookie?.maxAge).toBeUndefined();
    expect(cookie?.secure).toBeUndefined();

    const authSession = (await getAuthSession(`rk_session=${cookie?.value}`)).json();
    expect(authSession).toMatchObject({
      authenticated: true,
      user: { username: account.username },
    });
  });

  test('"Remember me" makes the cookie last 30 days', async () => {
    const account = await signup(t.app);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username: account.username, password: account.password, rememberMe: true },
    });
    const cookie = response.cookies.find((c) => c.name === 'rk_session');
    expect(cookie?.expires?.getTime()).toBe(clock.getTime() + 30 * DAY_MS);
  });

  test('the login token is stored hashed, never as sent', async () => {
    const { cookie } = await createLoggedInUser(t.app);
    const token = cookie.split('=')[1] ?? '';
    const rows = await t.database.db.selectFrom('auth_sessions').select('id').execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]?.id).not.toContain(token);
    expect(rows[0]?.id).toMatch(/^[0-9a-f]{64}$/);
  });

  test('a wrong password and an unknown username get the same answer', async () => {
    const account = await signup(t.app);
    const wrongPassword = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username: account.username, password: 'wrong-password' },
    });
    const unknownUser = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username: 'nobody-here', password: account.password },
    });
    expect(wrongPassword.statusCode).toBe(401);
    expect(unknownUser.statusCode).toBe(401);
    expect(wrongPassword.json()).toEqual({ message: 'Invalid username or password' });
    expect(unknownUser.json()).toEqual(wrongPassword.json());
    expect(wrongPassword.cookies).toHaveLength(0);
  });

  test('login with missing fields answers the spec messages', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username: '', password: '' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().issues).toEqual([
      { path: 'username', message: 'Username is required' },
      { path: 'password', message: 'Password is required' },
    ]);
  });

  test('logout revokes the login: the old cookie no longer works', async () => {
    const { cookie } = await createLoggedInUser(t.app);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/user', headers: { cookie } })).statusCode,
    ).toBe(200);

    const logout = await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { cookie },
    });
    expect(logout.statusCode).toBe(200);
    expect(logout.cookies.find((c) => c.name === 'rk_session')?.value).toBe('');

    expect((await getAuthSession(cookie)).json()).toEqual({ authenticated: false, user: null });
    const user = await t.app.inject({ method: 'GET', url: '/api/user', headers: { cookie } });
    expect(user.statusCode).toBe(401);
    expect(user.json()).toEqual({ message: 'You are not logged in' });
    expect(await t.database.db.selectFrom('auth_sessions').select('id').execute()).toHaveLength(0);
  });

  test("logging in again from a logged-in browser ends that browser's earlier login, not others'", async () => {
    const account = await createLoggedInUser(t.app);
    const otherBrowser = await login(t.app, account.username, account.password);
    const logIn = (password: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        headers: { cookie: account.cookie },
        payload: { username: account.username, password },
      });

    // A refused login changes nothing.
    expect((await logIn('not-the-password')).statusCode).toBe(401);
    expect((await getAuthSession(account.cookie)).json().authenticated).toBe(true);

    const again = await logIn(account.password);
    expect(again.statusCode).toBe(200);
    const renewed = `rk_session=${again.cookies.find((c) => c.name === 'rk_session')?.value}`;
    expect((await getAuthSession(account.cookie)).json()).toEqual({
      authenticated: false,
      user: null,
    });
    expect((await getAuthSession(renewed)).json().authenticated).toBe(true);
    expect((await getAuthSession(otherBrowser)).json().authenticated).toBe(true);
    expect(await t.database.db.selectFrom('auth_sessions').select('id').execute()).toHaveLength(2);
  });

  test('GET /api/user answers the logged-in user and 401 to a made-up token', async () => {
    const account = await createLoggedInUser(t.app);
    const own = await t.app.inject({
      method: 'GET',
      url: '/api/user',
      headers: { cookie: account.cookie },
    });
    expect(own.json().user.username).toBe(account.username);
    const forged = await t.app.inject({
      method: 'GET',
      url: '/api/user',
      headers: { cookie: 'rk_session=forged-token' },
    });
    expect(forged.statusCode).toBe(401);
  });

  test('a browser login ends after 12 idle hours, and after 7 days however much it is used', async () => {
    const account = await signup(t.app);
    const idle = await login(t.app, account.username, account.password);
    const busy = await login(t.app, account.username, account.password);

    // Used every 6 hours, a browser login stays; left alone for 12 hours, it ends.
    for (let hours = 6; hours < 7 * 24; hours += 6) {
      clock = new Date(clock.getTime() + 6 * HOUR_MS);
      expect((await getAuthSession(busy)).json().authenticated, `after ${hours} h`).toBe(true);
      if (hours === 6) expect((await getAuthSession(idle)).json().authenticated).toBe(true);
      if (hours === 18) expect((await getAuthSession(idle)).json().authenticated).toBe(false);
    }
    clock = new Date(clock.getTime() + 6 * HOUR_MS); // 7 days after the login
    expect((await getAuthSession(busy)).json().authenticated).toBe(false);
    expect(await t.database.db.selectFrom('auth_sessions').select('id').execute()).toHaveLength(0);
  });

  test('a remembered login ends 30 days after it was made, used or not, and renewal cannot extend it', async () => {
    const account = await signup(t.app);
    const remembered = await login(t.app, account.username, account.password, true);
    clock = new Date(clock.getTime() + 29 * DAY_MS);
    const used = await getAuthSession(remembered);
    expect(used.json().authenticated).toBe(true);
    // No renewal: the cookie is not sent again with a later expiry.
    expect(used.cookies.find((c) => c.name === 'rk_session')).toBeUndefined();
    clock = new Date(clock.getTime() + DAY_MS);
    const ended = await getAuthSession(remembered);
    expect(ended.json().authenticated).toBe(false);
    expect(ended.cookies.find((c) => c.name === 'rk_session')?.value).toBe('');
  });

  test('a login stored with an expiry past its absolute end (an older release renewed them) stops working', async () => {
    const account = await signup(t.app);
    const remembered = await login(t.app, account.username, account.password, true);
    await t.database.db
      .updateTable('auth_sessions')
      .set({ expires_at: new Date(clock.getTime() + 90 * DAY_MS).toISOString() })
      .execute();
    clock = new Date(clock.getTime() + 31 * DAY_MS);
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/user',
      headers: { cookie: remembered },
    });
    expect(response.statusCode).toBe(401);
  });

  test("a login clears every trader's ended logins; when it cannot, it fails and makes none", async () => {
    const ann = await signup(t.app);
    const bob = await signup(t.app);
    await login(t.app, ann.username, ann.password);
    clock = new Date(clock.getTime() + 13 * HOUR_MS); // Ann's browser login: idle too long
    await login(t.app, bob.username, bob.password);
    const owners = async () =>
      (await t.database.db.selectFrom('auth_sessions').select('user_id').execute()).map(
        (row) => row.user_id,
      );
    expect(await owners()).toEqual([bob.user.id]);

    // The database refuses to delete logins (a stand-in for any failure of the clearing).
    if (dialect === 'sqlite') {
      await sql`create trigger keep_logins before delete on auth_sessions
        begin select raise(abort, 'kept'); end`.execute(t.database.db);
    } else {
      await sql`create function keep_logins() returns trigger language plpgsql
        as $$ begin raise exception 'kept'; end $$`.execute(t.database.db);
      await sql`create trigger keep_logins before delete on auth_sessions
        for each row execute function keep_logins()`.execute(t.database.db);
    }
    clock = new Date(clock.getTime() + 13 * HOUR_MS); // Bob's has ended too
    try {
      const refused = await t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { username: ann.username, password: ann.password },
      });
      expect(refused.statusCode).toBe(500);
      expect(refused.cookies).toHaveLength(0);
      expect(await owners()).toEqual([bob.user.id]);
    } finally {
      // A PostgreSQL test's schema is emptied and leased to the next test, triggers and all.
      const dropTrigger =
        dialect === 'sqlite'
          ? sql`drop trigger keep_logins`
          : sql`drop trigger keep_logins on auth_sessions`;
      await dropTrigger.execute(t.database.db);
      if (dialect === 'postgres') await sql`drop function keep_logins()`.execute(t.database.db);
    }
  });

  test('a state-changing request from another site is refused with 403', async () => {
    const payload = buildSignup();
    for (const headers of [
      { origin: 'https://evil.example' },
      { origin: 'null' },
      { 'sec-fetch-site': 'cross-site' },
    ]) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/auth/signup',
        headers,
        payload,
      });
      expect(response.statusCode, JSON.stringify(headers)).toBe(403);
      expect(response.json()).toEqual({ message: 'Cross-site requests are not allowed' });
    }
    expect(await countUsers()).toBe(0);

    const sameOrigin = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      headers: {
        origin: 'http://localhost:5000',
        host: 'localhost:5000',
        'sec-fetch-site': 'same-origin',
      },
      payload,
    });
    expect(sameOrigin.statusCode).toBe(201);
  });
});

describeEachDialect('closed signup', (dialect) => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp(dialect, { env: { SIGNUP: 'closed' } });
  });
  afterEach(() => t.close());

  test('only the first account (the administrator) can sign up', async () => {
    const info = async () => (await t.app.inject({ method: 'GET', url: '/api/app-info' })).json();
    expect((await info()).isSignupOpen).toBe(true);
    expect((await signup(t.app)).user.isAdmin).toBe(true);
    expect((await info()).isSignupOpen).toBe(false);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      payload: buildSignup(),
    });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({
      message: 'Signup is closed. Ask an administrator for an account.',
    });
  });
});

describeEachDialect('closed signup under a burst', (dialect) => {
  test('parallel signups on a fresh closed instance make exactly one account, the administrator', async () => {
    const t = await createTestApp(dialect, { env: { SIGNUP: 'closed' } });
    try {
      const responses = await Promise.all(
        Array.from({ length: 5 }, () =>
          t.app.inject({ method: 'POST', url: '/api/auth/signup', payload: buildSignup() }),
        ),
      );
      expect(responses.map((r) => r.statusCode).sort()).toEqual([201, 403, 403, 403, 403]);
      const users = await t.database.db.selectFrom('users').select('is_admin').execute();
      expect(users).toHaveLength(1);
      expect(Boolean(users[0]?.is_admin)).toBe(true);
    } finally {
      await t.close();
    }
  });
});

describePostgres('a signup beside a long write to a trader', () => {
  test('is not held up by it, so neither are the writes that queue behind it', async () => {
    const t = await createTestApp('postgres');
    let commit = () => {};
    try {
      const trader = await createLoggedInUser(t.app);
      // A long transaction that wrote the trader's row early (an import bumps its rules'
      // version, then inserts thousands of rows) and has not committed yet.
      let started = () => {};
      const hasWritten = new Promise<void>((resolve) => (started = resolve));
      const held = new Promise<void>((resolve) => (commit = resolve));
      const longWrite = t.database.db.transaction().execute(async (trx) => {
        await trx
          .updateTable('users')
          .set((eb) => ({ full_name: eb.ref('full_name') }))
          .where('id', '=', trader.user.id)
          .execute()
          .finally(started);
        await held;
      });
      await hasWritten;
      // Under a lock of the whole table it waited for that commit, and every trader's write
      // to the table queued behind it. A minute stands for "until the commit".
      const signedUp = t.app.inject({
        method: 'POST',
        url: '/api/auth/signup',
        payload: buildSignup(),
      });
      const answer = await Promise.race([
        signedUp,
        new Promise<'waited'>((resolve) => setTimeout(() => resolve('waited'), 60_000)),
      ]);
      expect(answer === 'waited' ? answer : answer.statusCode).toBe(201);
      commit();
      await longWrite;
    } finally {
      commit();
      await t.close();
    }
  }, 90_000);
});

describeEachDialect('secure cookies', (dialect) => {
  test('behind a TLS proxy the login cookie is Secure', async () => {
    const t = await createTestApp(dialect, { env: { TRUST_PROXY: '1' } });
    try {
      const account = await signup(t.app);
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        headers: { 'x-forwarded-proto': 'https' },
        payload: { username: account.username, password: account.password },
      });
      expect(response.cookies.find((c) => c.name === 'rk_session')?.secure).toBe(true);
    } finally {
      await t.close();
    }
  });
});

describeEachDialect('the HTTPS site', (dialect) => {
  test('a write from the same host over plain HTTP is refused; one over HTTPS is not', async () => {
    const t = await createTestApp(dialect, { env: { TRUST_PROXY: '1' } });
    const writeFrom = (origin: string, proto: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/signup',
        headers: { origin, host: 'rulekeeper.example', 'x-forwarded-proto': proto },
        payload: buildSignup(),
      });
    try {
      const downgraded = await writeFrom('http://rulekeeper.example', 'https');
      expect(downgraded.statusCode).toBe(403);
      expect(downgraded.json()).toEqual({ message: 'Cross-site requests are not allowed' });
      const countUsers = async () =>
        (await t.database.db.selectFrom('users').select('id').execute()).length;
      expect(await countUsers()).toBe(0);

      expect((await writeFrom('https://rulekeeper.example', 'https')).statusCode).toBe(201);
      // A TLS proxy TRUST_PROXY does not name: the request looks like plain HTTP, the page is
      // the site's own.
      expect((await writeFrom('https://rulekeeper.example', 'http')).statusCode).toBe(201);
      expect(await countUsers()).toBe(2);
    } finally {
      await t.close();
    }
  });
});
