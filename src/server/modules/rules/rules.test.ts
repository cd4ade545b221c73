import { afterEach, beforeEach, expect, test } from 'vitest';
import { MAX_RULES_PER_USER } from '#shared/constants.ts';
import type { Rule } from '#shared/schemas/rules.ts';
import { createLoggedInUser } from '#testing/factories.ts';
import { createRules } from '#testing/rules.ts';
import { createTestApp, describeEachDialect, type TestApp } from '#testing/test-app.ts';

describeEachDialect('trading rules', (dialect) => {
  let t: TestApp;
  let cookie: string;
  beforeEach(async () => {
    t = await createTestApp(dialect);
    ({ cookie } = await createLoggedInUser(t.app));
  });
  afterEach(() => t.close());

  const listRules = async (asCookie = cookie) => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/rules',
      headers: { cookie: asCookie },
    });
    expect(response.statusCode).toBe(200);
    return response.json<{ rules: Rule[] }>().rules;
  };
  const call = (
    method: 'POST' | 'PUT' | 'DELETE',
    url: string,
    payload?: object,
    asCookie = cookie,
  ) =>
    t.app.inject({ method, url, headers: { cookie: asCookie }, ...(payload ? { payload } : {}) });

  test('a new trader has no rules', async () => {
    expect(await listRules()).toEqual([]);
  });

  test('rules are added at the end, trimmed, and blank notes are stored as none', async () => {
    const first = await call('POST', '/api/rules', {
      description: '  Follow stop loss on every trade ',
      notes: '  Never move it  ',
    });
    expect(first.statusCode).toBe(201);
    expect(first.json().rule).toEqual({
      id: expect.any(Number),
      description: 'Follow stop loss on every trade',
      notes: 'Never move it',
      displayOrder: 0,
    });
    const second = await call('POST', '/api/rules', {
      description: 'No trades in the first 5 minutes',
      notes: '   ',
    });
    expect(second.json().rule).toMatchObject({ notes: null, displayOrder: 1 });
    await call('POST', '/api/rules', { description: 'Journal every session' });

    expect((await listRules()).map((r) => r.description)).toEqual([
      'Follow stop loss on every trade',
      'No trades in the first 5 minutes',
      'Journal every session',
    ]);
  });

  test.each([
    ['a blank description', { description: '   ' }, 'Rule description is required'],
    ['no description', { notes: 'x' }, 'Rule description is required'],
    [
      'a description over 500 characters',
      { description: 'x'.repeat(501) },
      'Rule description must be at most 500 characters',
    ],
    [
      'notes over 2,000 characters',
      { description: 'ok', notes: 'n'.repeat(2001) },
      'Notes must be at most 2,000 characters',
    ],
    ['an unknown field', { description: 'ok', userId: 1 }, 'Unrecognized key: "userId"'],
    ['notes that are not text', { description: 'ok', notes: 5 }, 'Notes must be text'],
  ])('creating a rule with %s answers 400 and stores nothing', async (_case, payload, message) => {
    const response = await call('POST', '/api/rules', payload);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(message);
    expect(await listRules()).toEqual([]);
  });

  test('a rule is updated in place; omitting notes removes them', async () => {
    const [rule] = await createRules(t.app, cookie, [
      { description: 'Old', notes: 'Old notes' },
      { description: 'Other' },
    ]);
    const response = await call('PUT', `/api/rules/${rule!.id}`, { description: ' New ' });
    expect(response.statusCode).toBe(200);
    expect(response.json().rule).toEqual({
      id: rule!.id,
      description: 'New',
      notes: null,
      displayOrder: 0,
    });
    expect((await listRules()).map((r) => r.description)).toEqual(['New', 'Other']);

    const invalid = await call('PUT', `/api/rules/${rule!.id}`, { description: '' });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().message).toBe('Rule description is required');
    expect((await listRules())[0]?.description).toBe('New');
  });

  test('a deleted rule is gone and the others keep their order', async () => {
    const [a, b, c] = await createRules(t.app, cookie, [
      { description: 'A' },
      { description: 'B' },
      { description: 'C' },
    ]);
    const response = await call('DELETE', `/api/rules/${b!.id}`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ ok: true });
    expect((await listRules()).map((r) => r.id)).toEqual([a!.id, c!.id]);
    expect((await call('DELETE', `/api/rules/${b!.id}`)).statusCode).toBe(404);
    // New rules still go to the end.
    const [d] = await createRules(t.app, cookie, [{ description: 'D' }]);
    expect((await listRules()).map((r) => r.id)).toEqual([a!.id, c!.id, d!.id]);
  });

  test("another trader's rule answers 404 to every call and stays as it was", async () => {
    const [rule] = await createRules(t.app, cookie, [{ description: 'Mine', notes: 'private' }]);
    const intruder = await createLoggedInUser(t.app);

    expect(await listRules(intruder.cookie)).toEqual([]);
    const update = await call(
      'PUT',
      `/api/rules/${rule!.id}`,
      { description: 'Hijacked' },
      intruder.cookie,
    );
    expect(update.statusCode).toBe(404);
    expect(update.json()).toEqual({ message: 'Trading rule not found' });
    expect(
      (await call('DELETE', `/api/rules/${rule!.id}`, undefined, intruder.cookie)).statusCode,
    ).toBe(404);
    const reorder = await call(
      'PUT',
      '/api/rules/reorder',
      { ruleIds: [rule!.id] },
      intruder.cookie,
    );
    expect(reorder.statusCode).toBe(409);

    expect(await listRules()).toEqual([rule]);
  });

  test('a missing rule answers 404 and a malformed id 400', async () => {
    expect((await call('PUT', '/api/rules/999999', { description: 'x' })).statusCode).toBe(404);
    expect((await call('DELETE', '/api/rules/999999')).statusCode).toBe(404);
    const malformed = await call('DELETE', '/api/rules/abc');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().message).toBe('Rule id must be a positive whole number');
  });

  test('every rule call needs a login', async () => {
    for (const [method, url] of [
      ['GET', '/api/rules'],
      ['POST', '/api/rules'],
      ['PUT', '/api/rules/1'],
      ['DELETE', '/api/rules/1'],
      ['PUT', '/api/rules/reorder'],
    ] as const) {
      const response = await t.app.inject({
        method,
        url,
        payload:
          method === 'GET' || method === 'DELETE' ? undefined : { description: 'x', ruleIds: [] },
      });
      expect(response.statusCode, `${method} ${url}`).toBe(401);
    }
  });

  test('reorder stores the new order and answers it', async () => {
    const [a, b, c] = await createRules(t.app, cookie, [
      { description: 'A' },
      { description: 'B' },
      { description: 'C' },
    ]);
    const response = await call('PUT', '/api/rules/reorder', { ruleIds: [c!.id, a!.id, b!.id] });
    expect(response.statusCode).toBe(200);
    expect(response.json().rules.map((r: Rule) => r.description)).toEqual(['C', 'A', 'B']);
    expect((await listRules()).map((r) => [r.description, r.displayOrder])).toEqual([
      ['C', 0],
      ['A', 1],
      ['B', 2],
    ]);
  });

  test('a reorder made from an order changed since answers 409, and the order changed stays', async () => {
    const [a, b, c] = await createRules(t.app, cookie, [
      { description: 'A' },
      { description: 'B' },
      { description: 'C' },
    ]);
    // Another tab moves C to the top.
    const elsewhere = await call('PUT', '/api/rules/reorder', {
      ruleIds: [c!.id, a!.id, b!.id],
      fromRuleIds: [a!.id, b!.id, c!.id],
    });
    expect(elsewhere.statusCode, elsewhere.body).toBe(200);
    // This tab, still showing A B C, moves B up: made from A B C, it would put C back last.
    const stale = await call('PUT', '/api/rules/reorder', {
      ruleIds: [b!.id, a!.id, c!.id],
      fromRuleIds: [a!.id, b!.id, c!.id],
    });
    expect(stale.statusCode, stale.body).toBe(409);
    expect(stale.json().message).toBe(
      'Your rules have changed since this order was made. Reload them and try again.',
    );
    expect((await listRules()).map((r) => r.description)).toEqual(['C', 'A', 'B']);
    // Made from the order as it is, the move is stored.
    const fresh = await call('PUT', '/api/rules/reorder', {
      ruleIds: [c!.id, b!.id, a!.id],
      fromRuleIds: [c!.id, a!.id, b!.id],
    });
    expect(fresh.statusCode, fresh.body).toBe(200);
    expect((await listRules()).map((r) => r.description)).toEqual(['C', 'B', 'A']);
    // A from-order naming a rule twice, or not a list, is malformed.
    for (const fromRuleIds of [[c!.id, c!.id, a!.id], 'a,b']) {
      const response = await call('PUT', '/api/rules/reorder', {
        ruleIds: [c!.id, b!.id, a!.id],
        fromRuleIds,
      });
      expect(response.statusCode, JSON.stringify(fromRuleIds)).toBe(400);
    }
  });

  test('reorder with a missing, foreign or unknown id answers 409, a repeated one 400, and the order stays', async () => {
    const [a, b, c] = await createRules(t.app, cookie, [
      { description: 'A' },
      { description: 'B' },
      { description: 'C' },
    ]);
    const intruder = await createLoggedInUser(t.app);
    const [foreign] = await createRules(t.app, intruder.cookie, [{ description: 'Theirs' }]);

    // Not the trader's rules as they are now (one missing, another's, unknown): a conflict.
    for (const ruleIds of [
      [a!.id, b!.id],
      [a!.id, b!.id, foreign!.id],
      [a!.id, b!.id, c!.id, foreign!.id],
      [a!.id, b!.id, 999999],
      [],
    ]) {
      const response = await call('PUT', '/api/rules/reorder', { ruleIds });
      expect(response.statusCode, JSON.stringify(ruleIds)).toBe(409);
      expect(response.json().message).toBe(
        'Your rules have changed since this order was made. Reload them and try again.',
      );
    }
    // A rule named twice is a malformed request.
    for (const ruleIds of [
      [a!.id, b!.id, b!.id],
      [a!.id, b!.id, c!.id, c!.id],
    ]) {
      const response = await call('PUT', '/api/rules/reorder', { ruleIds });
      expect(response.statusCode, JSON.stringify(ruleIds)).toBe(400);
      expect(response.json().message).toBe('ruleIds must list each of your rules exactly once');
    }
    for (const payload of [
      { ruleIds: 'a,b' },
      { ruleIds: [a!.id, -1] },
      {},
      { ruleIds: [a!.id], extra: 1 },
    ]) {
      expect(
        (await call('PUT', '/api/rules/reorder', payload)).statusCode,
        JSON.stringify(payload),
      ).toBe(400);
    }
    expect((await listRules()).map((r) => r.description)).toEqual(['A', 'B', 'C']);
    expect((await listRules(intruder.cookie)).map((r) => r.description)).toEqual(['Theirs']);
  });

  test(`a trader can keep at most ${MAX_RULES_PER_USER} rules`, async () => {
    await createRules(
      t.app,
      cookie,
      Array.from({ length: MAX_RULES_PER_USER }, (_, i) => ({ description: `Rule ${i + 1}` })),
    );
    const response = await call('POST', '/api/rules', { description: 'One too many' });
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe(
      `You can keep at most ${MAX_RULES_PER_USER} trading rules`,
    );
    expect(await listRules()).toHaveLength(MAX_RULES_PER_USER);
  });

  test('markup in a rule is stored and returned as plain text', async () => {
    const notes = '<img src=x onerror=alert(1)>';
    const [rule] = await createRules(t.app, cookie, [{ description: '<b>bold</b>', notes }]);
    expect(rule).toMatchObject({ description: '<b>bold</b>', notes });
    const response = await t.app.inject({ method: 'GET', url: '/api/rules', headers: { cookie } });
    expect(response.headers['content-type']).toMatch(/^application\/json/);
  });
});
