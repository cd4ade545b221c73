import Fastify from 'fastify';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { LOGIN_REPLACED_MESSAGE, PAGE_USER_HEADER, PAGE_USER_PARAM } from '#shared/constants.ts';
import { createLoggedInUser } from '#testing/factories.ts';
import { createTestApp, describeEachDialect, type TestApp } from '#testing/test-app.ts';
import type { AuthService } from './modules/auth/auth.service.ts';
import { accessControlPlugin, type Access, type RouteAccess } from './plugins/access-control.ts';
import { authenticatePlugin } from './plugins/authenticate.ts';

type Caller = 'anonymous' | 'trader' | 'administrator';

/** What each caller must get from a route of each access: refused, or past the gate. */
const EXPECTED: Record<Caller, Record<Access, 401 | 403 | 'through'>> = {
  anonymous: { public: 'through', user: 401, admin: 401 },
  trader: { public: 'through', user: 'through', admin: 403 },
  administrator: { public: 'through', user: 'through', admin: 'through' },
};

/** A request for the route: ids and references filled in, no body (the gate comes first). */
function urlOf(route: RouteAccess): string {
  return route.url.replace(/:(\w+)/g, (_match, name: string) =>
    name === 'id' ? '1' : 'AAAAAAAAAAAAAAAAAAAAAA.webp',
  );
}

/** Logging out ends the caller's login: it goes last, so the other routes see a live cookie. */
const endsTheLogin = (route: RouteAccess) => route.url === '/api/auth/logout';

/**
 * Walks the route table the access-control plugin filled while the app was built (a route
 * without a declared access stops the app from starting, so none can be left out) and calls
 * every route as each kind of caller: the answer must match the route's declared access.
 */
describeEachDialect('every API route answers each caller as its access says', (dialect) => {
  let t: TestApp;
  const cookies: Partial<Record<Caller, string>> = {};
  let administratorId = 0;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    // The first account of an empty database is the administrator.
    const administrator = await createLoggedInUser(t.app);
    cookies.administrator = administrator.cookie;
    administratorId = administrator.user.id;
    cookies.trader = (await createLoggedInUser(t.app)).cookie;
  });
  const inLogoutLastOrder = () =>
    [...t.app.routeTable].sort((a, b) => Number(endsTheLogin(a)) - Number(endsTheLogin(b)));
  afterAll(() => t.close());

  test('the route table holds every module, each route with its access', () => {
    const declared = new Map(t.app.routeTable.map((r) => [`${r.method} ${r.url}`, r.access]));
    expect(declared.get('POST /api/auth/login')).toBe('public');
    expect(declared.get('GET /api/health')).toBe('public');
    expect(declared.get('GET /api/rules')).toBe('user');
    expect(declared.get('POST /api/sessions')).toBe('user');
    expect(declared.get('GET /api/screenshots/:ref')).toBe('user');
    expect(declared.get('GET /api/analytics')).toBe('user');
    expect(declared.get('PUT /api/auth/update-profile')).toBe('user');
    expect(declared.get('PUT /api/auth/password')).toBe('user');
    expect(declared.get('DELETE /api/auth/account')).toBe('user');
    expect(declared.get('GET /api/export')).toBe('user');
    expect(declared.get('POST /api/import')).toBe('user');
    expect(declared.get('GET /api/admin/users')).toBe('admin');
    expect(declared.get('POST /api/admin/create-user')).toBe('admin');
    expect(declared.get('DELETE /api/admin/users/:id')).toBe('admin');
    expect(declared.get('PUT /api/admin/users/:id/role')).toBe('admin');
  });

  for (const caller of ['anonymous', 'trader', 'administrator'] as const) {
    test(`as ${caller}`, async () => {
      const mismatches: string[] = [];
      for (const route of inLogoutLastOrder()) {
        const cookie = cookies[caller];
        const response = await t.app.inject({
          method: route.method as 'GET',
          url: urlOf(route),
          ...(cookie ? { headers: { cookie } } : {}),
        });
        const expected = EXPECTED[caller][route.access];
        const status = response.statusCode;
        const isRefused = status === 401 || status === 403;
        const matches = expected === 'through' ? !isRefused : status === expected;
        if (!matches) {
          mismatches.push(`${route.method} ${route.url} (${route.access}): ${status}`);
        } else if (isRefused && route.method !== 'HEAD') {
          expect(response.json<{ message: string }>().message).toEqual(expect.any(String));
        }
      }
      expect(mismatches).toEqual([]);
    });
  }

  /** A trader of their own: the walks above log their callers out at the end. */
  const newTrader = async () => {
    const { cookie, user } = await createLoggedInUser(t.app);
    const rules = async () =>
      (await t.app.inject({ method: 'GET', url: '/api/rules', headers: { cookie } })).json<{
        rules: { description: string }[];
      }>().rules;
    return { cookie, id: user.id, rules };
  };

  test('a call made for another user than the login is refused on every route that needs a login', async () => {
    // The trader's browser, where a tab still shows the administrator's pages.
    const trader = await newTrader();
    const headers = { cookie: trader.cookie, [PAGE_USER_HEADER]: String(administratorId) };
    const mismatches: string[] = [];
    for (const route of inLogoutLastOrder()) {
      const response = await t.app.inject({
        method: route.method as 'GET',
        url: urlOf(route),
        headers,
        ...(route.method === 'GET' || route.method === 'HEAD' ? {} : { payload: {} }),
      });
      const refused = response.statusCode === 401;
      if (refused !== (route.access !== 'public')) {
        mismatches.push(`${route.method} ${route.url} (${route.access}): ${response.statusCode}`);
      } else if (refused && route.method !== 'HEAD') {
        expect(response.json<{ message: string }>().message).toBe(
          'You are logged in as someone else in another tab. Log in again to go on.',
        );
      }
    }
    expect(mismatches).toEqual([]);
  });

  test('a download link made for another user is refused; one made for the login is answered', async () => {
    const trader = await newTrader();
    for (const url of ['/api/export', '/api/export/sessions.csv']) {
      for (const pageUser of [String(administratorId), '', 'trader']) {
        const refused = await t.app.inject({
          method: 'GET',
          url: `${url}?${PAGE_USER_PARAM}=${encodeURIComponent(pageUser)}`,
          headers: { cookie: trader.cookie },
        });
        expect(refused.statusCode, `${url} ${pageUser}`).toBe(401);
        expect(refused.json<{ message: string }>().message).toBe(LOGIN_REPLACED_MESSAGE);
      }
      const answered = await t.app.inject({
        method: 'GET',
        url: `${url}?${PAGE_USER_PARAM}=${trader.id}`,
        headers: { cookie: trader.cookie },
      });
      expect(answered.statusCode, url).toBe(200);
    }
  });

  test('a write made for another user changes nothing; the same write for the login goes through', async () => {
    const trader = await newTrader();
    const payload = { description: 'Written from a stale tab' };
    for (const pageUser of [String(administratorId), 'trader', '', `0${trader.id}`]) {
      const refused = await t.app.inject({
        method: 'POST',
        url: '/api/rules',
        headers: { cookie: trader.cookie, [PAGE_USER_HEADER]: pageUser },
        payload,
      });
      expect(refused.statusCode, pageUser).toBe(401);
    }
    expect(await trader.rules()).toEqual([]);

    const written = await t.app.inject({
      method: 'POST',
      url: '/api/rules',
      headers: { cookie: trader.cookie, [PAGE_USER_HEADER]: String(trader.id) },
      payload,
    });
    expect(written.statusCode).toBe(201);
    expect((await trader.rules()).map((rule) => rule.description)).toEqual([payload.description]);
  });
});

test('a route that declares no access stops the app from starting', async () => {
  const app = Fastify();
  void app.register(async (api) => {
    await api.register(authenticatePlugin, { auth: {} as AuthService, cookieSecure: false });
    await api.register(accessControlPlugin, { routeTable: [] });
    api.get('/forgotten', async () => ({ ok: true }));
  });
  await expect(app.ready()).rejects.toThrow(/GET \/forgotten declares no access/);
});
