import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import type { AdminUser, AdminUsersPage } from '#shared/schemas/admin.ts';
import { createUserAsAdmin } from '#testing/admin.ts';
import { buildSignup, createLoggedInUser, login } from '#testing/factories.ts';
import { expectRefusedQuery } from '#testing/requests.ts';
import { createTestApp, describeEachDialect, type TestApp } from '#testing/test-app.ts';

type Account = Awaited<ReturnType<typeof createLoggedInUser>>;

/** One request of each admin route, valid apart from who sends it. */
const adminRequests = (targetId: number) =>
  [
    { method: 'GET', url: '/api/admin/users' },
    { method: 'POST', url: '/api/admin/create-user', payload: buildSignup() },
    { method: 'DELETE', url: `/api/admin/users/${targetId}` },
    { method: 'PUT', url: `/api/admin/users/${targetId}/role`, payload: { isAdmin: true } },
  ] as const;

describeEachDialect('user management', (dialect) => {
  let t: TestApp;
  let admin: Account;
  let trader: Account;
  beforeEach(async () => {
    t = await createTestApp(dialect);
    admin = await createLoggedInUser(t.app); // the first account is the administrator
    trader = await createLoggedInUser(t.app);
  });
  afterEach(() => t.close());

  const send = (
    cookie: string | undefined,
    request: { method: string; url: string; payload?: unknown },
  ) =>
    t.app.inject({
      method: request.method as 'GET',
      url: request.url,
      ...(cookie ? { headers: { cookie } } : {}),
      ...(request.payload === undefined ? {} : { payload: request.payload as object }),
    });
  const listUsers = async (cookie = admin.cookie, query = '') => {
    const response = await send(cookie, { method: 'GET', url: `/api/admin/users${query}` });
    expect(response.statusCode).toBe(200);
    return response.json<AdminUsersPage>();
  };
  const setRole = (id: number, isAdmin: boolean, cookie = admin.cookie) =>
    send(cookie, { method: 'PUT', url: `/api/admin/users/${id}/role`, payload: { isAdmin } });
  const deleteUser = (id: number, cookie = admin.cookie) =>
    send(cookie, { method: 'DELETE', url: `/api/admin/users/${id}` });

  describe('who may call', () => {
    test('anonymous: 401 on every admin route', async () => {
      for (const request of adminRequests(trader.user.id)) {
        const response = await send(undefined, request);
        expect(response.statusCode, request.url).toBe(401);
        expect(response.json(), request.url).toEqual({ message: 'You are not logged in' });
      }
    });

    test('a trader: 403 on every admin route, and nothing changes', async () => {
      for (const request of adminRequests(admin.user.id)) {
        const response = await send(trader.cookie, request);
        expect(response.statusCode, `${request.method} ${request.url}`).toBe(403);
        expect(response.json<{ message: string }>().message).toBeTruthy();
      }
      const { users } = await listUsers();
      expect(users.map((user) => user.id)).toEqual([trader.user.id, admin.user.id]);
      expect(users.find((user) => user.id === admin.user.id)?.isAdmin).toBe(true);
    });

    test('a trader made administrator can use the admin routes; demoted, is refused again', async () => {
      expect((await setRole(trader.user.id, true)).json<{ user: AdminUser }>().user.isAdmin).toBe(
        true,
      );
      // The same login: rights are read on every request, not when logging in.
      await listUsers(trader.cookie);
      expect((await setRole(trader.user.id, false)).statusCode).toBe(200);
      expect((await send(trader.cookie, adminRequests(1)[0])).statusCode).toBe(403);
    });
  });

  describe('create-user', () => {
    test('creates an account that can log in; 201 with the user, no password', async () => {
      const body = buildSignup({ companyName: '  Acme Trading  ' });
      const response = await send(admin.cookie, {
        method: 'POST',
        url: '/api/admin/create-user',
        payload: body,
      });
      expect(response.statusCode).toBe(201);
      const { user } = response.json<{ user: AdminUser & { password?: string } }>();
      expect(user).toEqual({
        id: expect.any(Number),
        username: body.username,
        fullName: body.fullName,
        email: body.email,
        companyName: 'Acme Trading',
        avatar: null,
        isAdmin: false,
        createdAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T.*Z$/),
      });
      await login(t.app, body.username, body.password);
    });

    test('a created administrator can use the admin routes', async () => {
      const second = await createUserAsAdmin(t.app, admin.cookie, { isAdmin: true });
      expect(second.user.isAdmin).toBe(true);
      const { users } = await listUsers(second.cookie);
      expect(users[0]?.id).toBe(second.user.id);
    });

    test('the validation of a signup, with its messages', async () => {
      const cases = [
        [{ password: 'short' }, 'password', 'Password must be at least 8 characters'],
        [{ password: 'password123' }, 'password', 'This password is too common'],
        [{ email: 'not-an-email' }, 'email', 'Invalid email address'],
        [{ fullName: 'A' }, 'fullName', 'Full name is required'],
        [{ username: '   ' }, 'username', 'Username is required'],
        [
          { username: 'has space' },
          'username',
          'Username may contain only letters, numbers, dots, hyphens and underscores',
        ],
      ] as const;
      for (const [override, path, message] of cases) {
        const response = await send(admin.cookie, {
          method: 'POST',
          url: '/api/admin/create-user',
          payload: buildSignup(override),
        });
        expect(response.statusCode, message).toBe(400);
        expect(response.json<{ issues: unknown[] }>().issues, message).toContainEqual({
          path,
          message,
        });
      }
      const isAdminText = await send(admin.cookie, {
        method: 'POST',
        url: '/api/admin/create-user',
        payload: { ...buildSignup(), isAdmin: 'yes' },
      });
      expect(isAdminText.statusCode).toBe(400);
      expect((await listUsers()).users).toHaveLength(2);
    });

    test('a username taken in any letter case: 409', async () => {
      const response = await send(admin.cookie, {
        method: 'POST',
        url: '/api/admin/create-user',
        payload: buildSignup({ username: trader.username.toUpperCase() }),
      });
      expect(response.statusCode).toBe(409);
      expect(response.json<{ message: string }>().message).toBe('Username already exists');
    });
  });

  describe('the list', () => {
    test('newest first, a page at a time, without repeats or gaps', async () => {
      for (let i = 0; i < 5; i++) await createUserAsAdmin(t.app, admin.cookie);
      const all = (await listUsers()).users;
      expect(all).toHaveLength(7);
      expect(all.map((user) => user.id)).toEqual(
        [...all.map((user) => user.id)].sort((a, b) => b - a),
      );
      expect(all.at(-1)).toMatchObject({ id: admin.user.id, isAdmin: true });

      const seen: number[] = [];
      let cursor: string | null = null;
      let pages = 0;
      do {
        const query: string = `?limit=3${cursor ? `&cursor=${cursor}` : ''}`;
        const page = await listUsers(admin.cookie, query);
        seen.push(...page.users.map((user) => user.id));
        cursor = page.nextCursor;
        pages += 1;
      } while (cursor);
      expect(pages).toBe(3);
      expect(seen).toEqual(all.map((user) => user.id));
    });

    test('a bad limit or cursor: 400 naming it', async () => {
      await expectRefusedQuery(t.app, admin.cookie, '/api/admin/users?limit=0', 'limit');
      await expectRefusedQuery(t.app, admin.cookie, '/api/admin/users?limit=201', 'limit');
      await expectRefusedQuery(t.app, admin.cookie, '/api/admin/users?cursor=bogus', 'cursor');
      const unknown = await send(admin.cookie, { method: 'GET', url: '/api/admin/users?other=1' });
      expect(unknown.statusCode).toBe(400);
    });
  });

  describe('roles and deleting: never yourself, never the last administrator', () => {
    test('an administrator cannot delete their own account here: 409', async () => {
      const response = await deleteUser(admin.user.id);
      expect(response.statusCode).toBe(409);
      expect(response.json<{ message: string }>().message).toMatch(/own account/);
      expect((await listUsers()).users).toHaveLength(2);
    });

    test('an administrator cannot remove their own rights: 409; making oneself admin again is a no-op', async () => {
      const response = await setRole(admin.user.id, false);
      expect(response.statusCode).toBe(409);
      expect(response.json<{ message: string }>().message).toMatch(/your own administrator rights/);
      expect((await setRole(admin.user.id, true)).statusCode).toBe(200);
      expect((await listUsers()).users.at(-1)?.isAdmin).toBe(true);
    });

    test('the last administrator cannot be demoted or deleted, whoever asks', async () => {
      // A second administrator demotes the first; the first, no longer an administrator, is refused.
      const second = await createUserAsAdmin(t.app, admin.cookie, { isAdmin: true });
      expect((await setRole(admin.user.id, false, second.cookie)).statusCode).toBe(200);
      expect((await setRole(second.user.id, false, admin.cookie)).statusCode).toBe(403);
      expect((await deleteUser(second.user.id, admin.cookie)).statusCode).toBe(403);
      // second is now the only administrator, and cannot demote or delete themself.
      expect((await setRole(second.user.id, false, second.cookie)).statusCode).toBe(409);
      expect((await deleteUser(second.user.id, second.cookie)).statusCode).toBe(409);
      const admins = (await listUsers(second.cookie)).users.filter((user) => user.isAdmin);
      expect(admins.map((user) => user.id)).toEqual([second.user.id]);
    });

    test('unknown or malformed ids: 404 and 400', async () => {
      for (const response of [await deleteUser(999_999), await setRole(999_999, true)]) {
        expect(response.statusCode).toBe(404);
        expect(response.json()).toEqual({ message: 'User not found' });
      }
      for (const id of ['0', '-1', 'abc', '2147483648']) {
        expect(
          (await send(admin.cookie, { method: 'DELETE', url: `/api/admin/users/${id}` }))
            .statusCode,
          id,
        ).toBe(400);
      }
      const noFlag = await send(admin.cookie, {
        method: 'PUT',
        url: `/api/admin/users/${trader.user.id}/role`,
        payload: {},
      });
      expect(noFlag.statusCode).toBe(400);
    });
  });

  test('create-user works while public signup is closed', async () => {
    const closed = await createTestApp(dialect, { env: { SIGNUP: 'closed' } });
    try {
      const first = await createLoggedInUser(closed.app); // an empty database still takes its first
      const refused = await closed.app.inject({
        method: 'POST',
        url: '/api/auth/signup',
        payload: buildSignup(),
      });
      expect(refused.statusCode).toBe(403);
      const created = await createUserAsAdmin(closed.app, first.cookie);
      expect(created.user.isAdmin).toBe(false);
    } finally {
      await closed.close();
    }
  });
});
