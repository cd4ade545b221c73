import { afterEach, beforeEach, expect, test } from 'vitest';
import type { Rule } from '#shared/schemas/rules.ts';
import { MAX_RULES_PER_USER } from '#shared/constants.ts';
import { createLoggedInUser } from '#testing/factories.ts';
import { createRules } from '#testing/rules.ts';
import { createTestApp, describeEachDialect, type TestApp } from '#testing/test-app.ts';

/** Requests of one trader arriving together: the trader's invariants must hold on both databases. */
describeEachDialect('rules under concurrent requests', (dialect) => {
  let t: TestApp;
  let cookie: string;
  let userId: number;
  beforeEach(async () => {
    t = await createTestApp(dialect);
    const trader = await createLoggedInUser(t.app);
    cookie = trader.cookie;
    userId = trader.user.id;
  });
  afterEach(() => t.close());

  const storedPositions = async () =>
    (
      await t.database.db
        .selectFrom('trading_rules')
        .select(['id', 'display_order'])
        .where('user_id', '=', userId)
        .orderBy('display_order')
        .orderBy('id')
        .execute()
    ).map((row) => ({ id: row.id, position: row.display_order }));

  test('150 parallel creates store exactly 100 rules with distinct positions', async () => {
    const responses = await Promise.all(
      Array.from({ length: 150 }, (_, i) =>
        t.app.inject({
          method: 'POST',
          url: '/api/rules',
          headers: { cookie },
          payload: { description: `Parallel rule ${i}` },
        }),
      ),
    );
    const statuses = responses.map((response) => response.statusCode);
    expect(statuses.filter((status) => status === 201)).toHaveLength(MAX_RULES_PER_USER);
    expect(statuses.filter((status) => status === 409)).toHaveLength(150 - MAX_RULES_PER_USER);
    const positions = (await storedPositions()).map((row) => row.position);
    expect(positions).toHaveLength(MAX_RULES_PER_USER);
    expect(new Set(positions).size).toBe(MAX_RULES_PER_USER);
  });

  test('50 parallel reorders never fail and leave one of the orders sent', async () => {
    const rules = await createRules(
      t.app,
      cookie,
      Array.from({ length: 12 }, (_, i) => ({ description: `Rule ${i}` })),
    );
    const ids = rules.map((rule) => rule.id);
    // Rotations of the list: every request moves every row, the worst case for row locks.
    const orders = Array.from({ length: 50 }, (_, i) => [
      ...ids.slice(i % ids.length),
      ...ids.slice(0, i % ids.length),
    ]);
    const responses = await Promise.all(
      orders.map((ruleIds) =>
        t.app.inject({
          method: 'PUT',
          url: '/api/rules/reorder',
          headers: { cookie },
          payload: { ruleIds },
        }),
      ),
    );
    expect(responses.map((response) => response.statusCode)).toEqual(orders.map(() => 200));
    // Each answer is the order it stored, consistent within itself.
    for (const [i, response] of responses.entries()) {
      expect(response.json<{ rules: Rule[] }>().rules.map((rule) => rule.id)).toEqual(orders[i]);
    }
    const stored = await storedPositions();
    expect(stored.map((row) => row.position)).toEqual(ids.map((_, i) => i));
    expect(orders).toContainEqual(stored.map((row) => row.id));
  });

  test('parallel creates, deletes and reorders keep positions distinct and the list reorderable', async () => {
    const rules = await createRules(
      t.app,
      cookie,
      Array.from({ length: 10 }, (_, i) => ({ description: `Rule ${i}` })),
    );
    const call = (method: 'POST' | 'DELETE' | 'PUT', url: string, payload?: object) =>
      t.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });
    const responses = await Promise.all([
      ...Array.from({ length: 10 }, (_, i) =>
        call('POST', '/api/rules', { description: `New ${i}` }),
      ),
      ...rules.slice(0, 5).map((rule) => call('DELETE', `/api/rules/${rule.id}`)),
      ...Array.from({ length: 10 }, () =>
        call('PUT', '/api/rules/reorder', { ruleIds: rules.map((rule) => rule.id).reverse() }),
      ),
    ]);
    // A reorder that no longer names exactly the rules is refused as a conflict; nothing fails.
    expect(responses.every((response) => [200, 201, 409].includes(response.statusCode))).toBe(true);
    const stored = await storedPositions();
    expect(stored).toHaveLength(15);
    expect(new Set(stored.map((row) => row.position)).size).toBe(15);
    const reorder = await call('PUT', '/api/rules/reorder', {
      ruleIds: stored.map((row) => row.id).reverse(),
    });
    expect(reorder.statusCode).toBe(200);
  });
});
