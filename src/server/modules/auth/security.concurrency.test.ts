import { afterEach, beforeEach, expect, test } from 'vitest';
import { createLoggedInUser, login, signup } from '#testing/factories.ts';
import { untilALockIsAwaited } from '#testing/lock-waits.ts';
import {
  createTestApp,
  describeEachDialect,
  describePostgres,
  type TestApp,
} from '#testing/test-app.ts';

/** The trader's logins as stored. */
function loginsOf(t: TestApp, userId: number) {
  return t.database.db
    .selectFrom('auth_sessions')
    .select('id')
    .where('user_id', '=', userId)
    .execute();
}

/** One trader's password changes and logouts arriving together: never a 500, one winner. */
describeEachDialect('login security under concurrent requests', (dialect) => {
  let t: TestApp;
  let trader: Awaited<ReturnType<typeof createLoggedInUser>>;
  beforeEach(async () => {
    t = await createTestApp(dialect);
    await signup(t.app);
    trader = await createLoggedInUser(t.app);
  });
  afterEach(() => t.close());

  test('parallel password changes from the same old password: exactly one wins, the rest are told it is wrong', async () => {
    const cookies = [
      trader.cookie,
      ...(await Promise.all(
        Array.from({ length: 5 }, () => login(t.app, trader.username, trader.password)),
      )),
    ];
    const responses = await Promise.all(
      cookies.map((cookie, i) =>
        t.app.inject({
          method: 'PUT',
          url: '/api/auth/password',
          headers: { cookie },
          payload: { currentPassword: trader.password, newPassword: `parallel-secret-${i}` },
        }),
      ),
    );
    const statuses = responses.map((response) => response.statusCode);
    // A loser either lost the check (400) or its login was ended by the winner first (401).
    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
    expect(statuses.every((status) => [200, 400, 401].includes(status))).toBe(true);
    const winner = statuses.indexOf(200);
    expect(
      (await login(t.app, trader.username, `parallel-secret-${winner}`)).length,
    ).toBeGreaterThan(0);
    const remaining = await loginsOf(t, trader.user.id);
    // The winner's login and the one just made.
    expect(remaining).toHaveLength(2);
  });

  test('logins with the old password racing a password change: none of them outlives it', async () => {
    const attempts = Array.from({ length: 8 }, () =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { username: trader.username, password: trader.password, rememberMe: true },
      }),
    );
    const change = t.app.inject({
      method: 'PUT',
      url: '/api/auth/password',
      headers: { cookie: trader.cookie },
      payload: { currentPassword: trader.password, newPassword: 'changed-under-a-race' },
    });
    const [changed, ...logins] = await Promise.all([change, ...attempts]);
    expect(changed.statusCode).toBe(200);
    expect(logins.every((response) => [200, 401].includes(response.statusCode))).toBe(true);
    const remaining = await loginsOf(t, trader.user.id);
    // The changer's own login only: those made before the change were ended by it.
    expect(remaining).toHaveLength(1);
  });

  test('"Log out everywhere else" from every login at once leaves exactly one, never a 500', async () => {
    const cookies = await Promise.all(
      Array.from({ length: 8 }, () => login(t.app, trader.username, trader.password)),
    );
    const responses = await Promise.all(
      cookies.map((cookie) =>
        t.app.inject({
          method: 'POST',
          url: '/api/auth/logins/end-others',
          headers: { cookie },
        }),
      ),
    );
    const statuses = responses.map((response) => response.statusCode);
    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
    expect(statuses.filter((status) => status === 401)).toHaveLength(7);
    const remaining = await loginsOf(t, trader.user.id);
    expect(remaining).toHaveLength(1);
  });
});

/**
 * A password change held still before it commits: the trader's lock taken, a new hash written,
 * the other logins ended, as `PUT /api/auth/password` does (or, with `endsLogins: false`, the
 * hash alone: the change made from the login that then acts). `commit` lets it finish.
 */
async function holdPasswordChange(t: TestApp, userId: number, { endsLogins = true } = {}) {
  const newHash = (
    await t.database.db
      .selectFrom('users')
      .select('password_hash')
      .where('id', '<>', userId)
      .executeTakeFirstOrThrow()
  ).password_hash;
  let commit = () => {};
  const committed = new Promise<void>((resolve) => (commit = resolve));
  let changed = () => {};
  const isChanged = new Promise<void>((resolve) => (changed = resolve));
  const change = t.database.db.transaction().execute(async (trx) => {
    await trx.selectFrom('users').select('id').where('id', '=', userId).forNoKeyUpdate().execute();
    await trx
      .updateTable('users')
      .set({ password_hash: newHash })
      .where('id', '=', userId)
      .execute();
    if (endsLogins) await trx.deleteFrom('auth_sessions').where('user_id', '=', userId).execute();
    changed();
    await committed;
  });
  await isChanged;
  return {
    /**
     * Sends `request` while the change is held, lets the change commit once the request waits
     * for its lock (or, the bug a test looks for, was answered without waiting), and answers
     * the request's response.
     */
    meanwhile: async <T>(request: () => Promise<T>): Promise<T> => {
      let isAnswered = false;
      const answer = request().finally(() => (isAnswered = true));
      await untilALockIsAwaited(t.database, () => isAnswered);
      commit();
      await change;
      return answer;
    },
  };
}

/**
 * The moment a race leaves to chance, held still: a password change under way while a request
 * with the old password is being answered. The request has read the old hash, the last one
 * committed, and checked the password against it.
 */
describePostgres('a request with the old password while the password changes', () => {
  let t: TestApp;
  let trader: Awaited<ReturnType<typeof createLoggedInUser>>;
  beforeEach(async () => {
    t = await createTestApp('postgres');
    await signup(t.app);
    trader = await createLoggedInUser(t.app);
  });
  afterEach(() => t.close());

  /** 'Delete my account' from the login of `cookie`, with the old password. */
  const deleteAccount = (cookie: string) =>
    t.app.inject({
      method: 'DELETE',
      url: '/api/auth/account',
      headers: { cookie },
      payload: { password: trader.password },
    });

  test('a login is refused once the change commits, and nothing made with the old password is left', async () => {
    const change = await holdPasswordChange(t, trader.user.id);
    const response = await change.meanwhile(() =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { username: trader.username, password: trader.password },
      }),
    );
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ message: 'Invalid username or password' });
    expect(await loginsOf(t, trader.user.id)).toEqual([]);
  });

  test("'Delete my account' from a login the change ends deletes nothing", async () => {
    // Another device's login, which knows the old password (a stolen one, say).
    const other = await login(t.app, trader.username, trader.password);
    const change = await holdPasswordChange(t, trader.user.id);
    const response = await change.meanwhile(() => deleteAccount(other));
    // Before, it answered 200 and the account was gone, although its password had changed and
    // the login it came from had been ended.
    expect(response.statusCode).toBe(401);
    const account = await t.database.db
      .selectFrom('users')
      .select('id')
      .where('id', '=', trader.user.id)
      .executeTakeFirst();
    expect(account).toEqual({ id: trader.user.id });
  });

  test("'Delete my account' with the password just changed, from the login that changed it, deletes nothing", async () => {
    const change = await holdPasswordChange(t, trader.user.id, { endsLogins: false });
    const response = await change.meanwhile(() => deleteAccount(trader.cookie));
    expect(response.statusCode).toBe(400);
    expect(await loginsOf(t, trader.user.id)).toHaveLength(1);
  });
});

/**
 * Each login sweeps the ended logins of everyone. Deleting a user deletes theirs too, in
 * another order (by user, through the foreign key): had the sweep waited for rows a deletion
 * held, the two could each hold what the other waits for, and PostgreSQL would end one of them
 * (a 500). The sweep leaves locked rows to a later one.
 */
describePostgres('the sweep of ended logins', () => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp('postgres');
  });
  afterEach(() => t.close());

  test('never waits for login rows another transaction holds', async () => {
    await signup(t.app);
    const leaving = await createLoggedInUser(t.app);
    const other = await signup(t.app);
    const ended = new Date(Date.now() - 60_000).toISOString();
    await t.database.db
      .updateTable('auth_sessions')
      .set({ expires_at: ended })
      .where('user_id', '=', leaving.user.id)
      .execute();

    let release = () => {};
    const released = new Promise<void>((resolve) => (release = resolve));
    let locked = () => {};
    const isLocked = new Promise<void>((resolve) => (locked = resolve));
    const holding = t.database.db.transaction().execute(async (trx) => {
      await trx
        .selectFrom('auth_sessions')
        .select('id')
        .where('user_id', '=', leaving.user.id)
        .forUpdate()
        .execute();
      locked();
      await released;
    });
    await isLocked;

    let isAnswered = false;
    const attempt = login(t.app, other.username, other.password).finally(() => (isAnswered = true));
    await untilALockIsAwaited(t.database, () => isAnswered);
    const didWait = !isAnswered;
    release();
    await holding;
    await attempt;
    expect(didWait).toBe(false);
    // A later sweep, with nothing held, takes them.
    await login(t.app, other.username, other.password);
    expect(await loginsOf(t, leaving.user.id)).toEqual([]);
  });
});
