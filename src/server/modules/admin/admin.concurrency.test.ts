import { afterEach, beforeEach, expect, test } from 'vitest';
import type { AdminUsersPage } from '#shared/schemas/admin.ts';
import { createUserAsAdmin } from '#testing/admin.ts';
import { createLoggedInUser } from '#testing/factories.ts';
import { createRules } from '#testing/rules.ts';
import { buildSession } from '#testing/sessions.ts';
import { createTestApp, describeEachDialect, type TestApp } from '#testing/test-app.ts';

type Account = Awaited<ReturnType<typeof createLoggedInUser>>;

/**
 * Administrators acting on each other at the same moment. PostgreSQL runs the requests on
 * several connections at once, which is where a check-then-write race shows: without the
 * administrator lock, both demotions see two administrators and both commit.
 */
describeEachDialect('user management under concurrent requests', (dialect) => {
  let t: TestApp;
  let first: Account;
  beforeEach(async () => {
    t = await createTestApp(dialect);
    first = await createLoggedInUser(t.app);
  });
  afterEach(() => t.close());

  const setRole = (id: number, isAdmin: boolean, cookie: string) =>
    t.app.inject({
      method: 'PUT',
      url: `/api/admin/users/${id}/role`,
      headers: { cookie },
      payload: { isAdmin },
    });
  const deleteUser = (id: number, cookie: string) =>
    t.app.inject({ method: 'DELETE', url: `/api/admin/users/${id}`, headers: { cookie } });
  const adminIds = async () => {
    const rows = await t.database.db
      .selectFrom('users')
      .select('id')
      .where('is_admin', '=', true)
      .execute();
    return rows.map((row) => row.id);
  };

  test('two administrators demoting each other at once: exactly one remains (10 rounds)', async () => {
    const second = await createUserAsAdmin(t.app, first.cookie, { isAdmin: true });
    for (let round = 0; round < 10; round++) {
      const [a, b] = await Promise.all([
        setRole(second.user.id, false, first.cookie),
        setRole(first.user.id, false, second.cookie),
      ]);
      const statuses = [a.statusCode, b.statusCode].sort();
      // One wins; the other finds itself no longer an administrator.
      expect(statuses, `round ${round}`).toEqual([200, 403]);
      const admins = await adminIds();
      expect(admins, `round ${round}`).toHaveLength(1);
      // Put things back for the next round: the survivor promotes the other.
      const survivor = admins[0] === first.user.id ? first : second;
      const other = survivor === first ? second : first;
      expect((await setRole(other.user.id, true, survivor.cookie)).statusCode).toBe(200);
    }
  });

  test('two administrators deleting each other at once: one remains, no 500', async () => {
    for (let round = 0; round < 5; round++) {
      const a = await createUserAsAdmin(t.app, first.cookie, { isAdmin: true });
      const b = await createUserAsAdmin(t.app, first.cookie, { isAdmin: true });
      // Only a and b are administrators now.
      expect((await setRole(first.user.id, false, a.cookie)).statusCode).toBe(200);
      const responses = await Promise.all([
        deleteUser(b.user.id, a.cookie),
        deleteUser(a.user.id, b.cookie),
      ]);
      const statuses = responses.map((response) => response.statusCode).sort();
      expect(statuses, `round ${round}`).toEqual([200, 401]);
      const admins = await adminIds();
      expect(admins).toHaveLength(1);
      // The survivor hands the rights back to `first` for the next round.
      const survivor = admins[0] === a.user.id ? a : b;
      expect((await setRole(first.user.id, true, survivor.cookie)).statusCode).toBe(200);
      expect((await deleteUser(survivor.user.id, first.cookie)).statusCode).toBe(200);
    }
  });

  test('delete against demote, and deletes racing the trader’s own writes: never a 500', async () => {
    const second = await createUserAsAdmin(t.app, first.cookie, { isAdmin: true });
    const traders = await Promise.all(Array.from({ length: 4 }, () => createLoggedInUser(t.app)));
    const rulesOf = new Map<number, number>();
    for (const trader of traders) {
      const [rule] = await createRules(t.app, trader.cookie, [{ description: 'A' }]);
      rulesOf.set(trader.user.id, rule!.id);
    }
    const requests = [
      setRole(first.user.id, false, second.cookie),
      deleteUser(second.user.id, first.cookie),
      ...traders.flatMap((trader) => [
        deleteUser(trader.user.id, first.cookie),
        deleteUser(trader.user.id, second.cookie),
        // A 201, a 401 once the trader is gone, or a 400 once 'B' is added.
        t.app.inject({
          method: 'POST',
          url: '/api/sessions',
          headers: { cookie: trader.cookie },
          payload: buildSession({
            rulesFollowed: [{ ruleId: rulesOf.get(trader.user.id)!, followed: true }],
          }),
        }),
        t.app.inject({
          method: 'POST',
          url: '/api/rules',
          headers: { cookie: trader.cookie },
          payload: { description: 'B' },
        }),
      ]),
    ];
    const statuses = (await Promise.all(requests)).map((response) => response.statusCode);
    expect(statuses.filter((status) => status >= 500)).toEqual([]);
    expect(await adminIds()).toHaveLength(1);
    for (const trader of traders) {
      for (const table of ['trading_rules', 'trading_sessions'] as const) {
        const rows = await t.database.db
          .selectFrom(table)
          .select('id')
          .where('user_id', '=', trader.user.id)
          .execute();
        expect(rows, table).toEqual([]);
      }
    }
    const [admin] = await adminIds();
    const cookie = admin === first.user.id ? first.cookie : second.cookie;
    const list = await t.app.inject({
      method: 'GET',
      url: '/api/admin/users',
      headers: { cookie },
    });
    // Either the demotion or the deletion won; the traders are gone either way.
    const left = list.json<AdminUsersPage>().users.map((user) => user.id);
    expect(left).toContain(admin);
    expect(left.filter((id) => id !== first.user.id && id !== second.user.id)).toEqual([]);
  });
});
