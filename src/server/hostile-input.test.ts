import { afterEach, beforeEach, expect, test } from 'vitest';
import { buildSignup, createLoggedInUser } from '#testing/factories.ts';
import { createRules } from '#testing/rules.ts';
import { createTestApp, describeEachDialect, type TestApp } from '#testing/test-app.ts';

const ONE_LINE_REFUSALS = [
  ['a NUL', 'stop\u0000loss', 'must not contain control characters'],
  ['an escape sequence', '\u001b[31mred', 'must not contain control characters'],
  ['a line break', 'two\nlines', 'must not contain control characters'],
  ['a C1 control', 'next\u0085line', 'must not contain control characters'],
  ['an unpaired high surrogate', 'broken \uD83D text', 'must be valid Unicode text'],
  ['an unpaired low surrogate', '\uDE00 broken', 'must be valid Unicode text'],
  [
    'a right-to-left override',
    'admin\u202Egnp.exe',
    'must not contain bidirectional control characters',
  ],
  ['a bidi isolate', 'trade\u2066 plan', 'must not contain bidirectional control characters'],
] as const;

const BAD_IDS = ['0', '-1', '2147483648', '1e20', 'abc', '1.5', '0x10', '01', '99999999999'];

/** The same hostile input gets the same 400 on SQLite and PostgreSQL, and nothing is stored. */
describeEachDialect('hostile text and ids', (dialect) => {
  let t: TestApp;
  let cookie: string;
  beforeEach(async () => {
    t = await createTestApp(dialect);
    ({ cookie } = await createLoggedInUser(t.app));
  });
  afterEach(() => t.close());

  const countRules = async () =>
    (await t.database.db.selectFrom('trading_rules').select('id').execute()).length;

  test.each(ONE_LINE_REFUSALS)(
    'a rule description with %s answers 400 naming the field, and nothing is stored',
    async (_case, text, reason) => {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/rules',
        headers: { cookie },
        payload: { description: text },
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe(`Rule description ${reason}`);
      expect(await countRules()).toBe(0);
    },
  );

  test.each(ONE_LINE_REFUSALS)(
    'a signup with %s in any one-line field answers 400, and nobody is created',
    async (_case, text) => {
      for (const field of ['username', 'fullName', 'email', 'companyName'] as const) {
        const response = await t.app.inject({
          method: 'POST',
          url: '/api/auth/signup',
          payload: { ...buildSignup(), [field]: text },
        });
        expect(response.statusCode, field).toBe(400);
        expect(
          response.json().issues.map((i: { path: string }) => i.path),
          field,
        ).toContain(field);
      }
      expect(await t.database.db.selectFrom('users').select('id').execute()).toHaveLength(1);
    },
  );

  test('a NUL in the login username answers 400 before anyone is logged in', async () => {
    for (const payload of [
      { username: 'trader\u0000', password: 'whatever-it-is' },
      { username: 'trader', password: 'pass\u0000word' },
      { username: 'trader\uD800', password: 'whatever-it-is' },
    ]) {
      const response = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload });
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
    }
  });

  test('notes may hold line breaks, tabs and bidi text, but not NUL or unpaired surrogates', async () => {
    const notes = 'Line one\n\tindented\r\nעברית \u202Bembedded\u202C';
    const accepted = await t.app.inject({
      method: 'POST',
      url: '/api/rules',
      headers: { cookie },
      payload: { description: 'Multi-line notes', notes },
    });
    expect(accepted.statusCode).toBe(201);
    expect(accepted.json().rule.notes).toBe(notes);
    for (const [bad, reason] of [
      ['a\u0000b', 'must not contain control characters'],
      ['bell\u0007', 'must not contain control characters'],
      ['\uDFFF', 'must be valid Unicode text'],
    ]) {
      const refused = await t.app.inject({
        method: 'PUT',
        url: `/api/rules/${accepted.json().rule.id}`,
        headers: { cookie },
        payload: { description: 'Multi-line notes', notes: bad },
      });
      expect(refused.statusCode, JSON.stringify(bad)).toBe(400);
      expect(refused.json().message).toBe(`Notes ${reason}`);
    }
    const [stored] = await t.database.db.selectFrom('trading_rules').select('notes').execute();
    expect(stored?.notes).toBe(notes);
  });

  test.each(BAD_IDS)('the id %s in a path answers 400 and changes nothing', async (id) => {
    const [rule] = await createRules(t.app, cookie, [{ description: 'Keep me' }]);
    for (const method of ['PUT', 'DELETE'] as const) {
      const response = await t.app.inject({
        method,
        url: `/api/rules/${id}`,
        headers: { cookie },
        ...(method === 'PUT' ? { payload: { description: 'Changed' } } : {}),
      });
      expect(response.statusCode, method).toBe(400);
      expect(response.json().message, method).toBe('Rule id must be a positive whole number');
    }
    const stored = await t.database.db.selectFrom('trading_rules').select('description').execute();
    expect(stored).toEqual([{ description: rule?.description }]);
  });

  test.each([0, -1, 2 ** 31, 1e20, 1.5, 'abc', '1', null])(
    'the id %s in a body answers 400 and changes nothing',
    async (id) => {
      const rules = await createRules(t.app, cookie, [{ description: 'A' }, { description: 'B' }]);
      const response = await t.app.inject({
        method: 'PUT',
        url: '/api/rules/reorder',
        headers: { cookie },
        payload: { ruleIds: [rules[1]?.id, id] },
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe('Rule id must be a positive whole number');
      const order = await t.database.db
        .selectFrom('trading_rules')
        .select('description')
        .orderBy('display_order')
        .execute();
      expect(order.map((row) => row.description)).toEqual(['A', 'B']);
    },
  );

  test('the largest id a database holds is a plain 404, not a failure', async () => {
    const response = await t.app.inject({
      method: 'DELETE',
      url: '/api/rules/2147483647',
      headers: { cookie },
    });
    expect(response.statusCode).toBe(404);
  });
});
