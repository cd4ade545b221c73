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

  /** `count` new rules of the trader's, their ids in order. */
  const newRuleIds = async (count: number) =>
    (
      await createRules(
        t.app,
        cookie,
        Array.from({ length: count }, (_, i) => ({ description: `Rule ${i}` })),
      )
    ).map((rule) => rule.id);
  /** The reorders, sent all at once. */
  const reorderAtOnce = (payloads: object[]) =>
    Promise.all(
      payloads.map((payload) =>
        t.app.inject({ method: 'PUT', url: '/api/rules/reorder', headers: { cookie }, payload }),
      ),
    );
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
    const ids = await newRuleIds(12);
    // Rotations of the list: every request moves every row, the worst case for row locks.
    const orders = Array.from({ length: 50 }, (_, i) => [
      ...ids.slice(i % ids.length),
      ...ids.slice(0, i % ids.length),
    ]);
    const responses = await reorderAtOnce(orders.map((ruleIds) => ({ ruleIds })));
    expect(responses.map((response) => response.statusCode)).toEqual(orders.map(() => 200));
    // Each answer is the order it stored, consistent within itself.
    for (const [i, response] of responses.entries()) {
      expect(response.json<{ rules: Rule[] }>().rules.map((rule) => rule.id)).toEqual(orders[i]);
    }
    const stored = await storedPositions();
    expect(stored.map((row) => row.position)).toEqual(ids.map((_, i) => i));
    expect(orders).toContainEqual(stored.map((row) => row.id));
  });

  test('parallel moves made from one order: one is stored, the others are refused', async () => {
    const ids = await newRuleIds(6);
    // Ten tabs showing the same list each move another rule to the top.
    const orders = Array.from({ length: 10 }, (_, i) => {
      const moved = ids[(i % (ids.length - 1)) + 1]!;
      return [moved, ...ids.filter((id) => id !== moved)];
    });
    const responses = await reorderAtOnce(orders.map((ruleIds) => ({ ruleIds, fromRuleIds: ids })));
    const statuses = responses.map((response) => response.statusCode);
    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
    expect(statuses.filter((status) => status === 409)).toHaveLength(9);
    const stored = (await storedPositions()).map((row) => row.id);
    expect(stored).toEqual(orders[statuses.indexOf(200)]);
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
