import { afterEach, beforeEach, expect, test } from 'vitest';
import { createLoggedInUser, login, signup } from '#testing/factories.ts';
import { createTestApp, describeEachDialect, type TestApp } from '#testing/test-app.ts';

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
    const remaining = await t.database.db
      .selectFrom('auth_sessions')
      .select('id')
      .where('user_id', '=', trader.user.id)
      .execute();
    // The winner's login and the one just made.
    expect(remaining).toHaveLength(2);
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
    const remaining = await t.database.db
      .selectFrom('auth_sessions')
      .select('id')
      .where('user_id', '=', trader.user.id)
      .execute();
    expect(remaining).toHaveLength(1);
  });
});
