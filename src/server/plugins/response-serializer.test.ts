import { describe, expect, test } from 'vitest';
import { z } from '#shared/zod.ts';
import { authSessionSchema, userResponseSchema } from '#shared/schemas/auth.ts';
import { okSchema } from '#shared/schemas/common.ts';
import { rulesResponseSchema } from '#shared/schemas/rules.ts';
import { createResponseSerializerCompiler } from './response-serializer.ts';

const user = {
  id: 7,
  username: 'ava',
  fullName: 'Ava Trader',
  email: 'ava@example.com',
  companyName: null,
  avatar: null,
  isAdmin: false,
  createdAt: '2026-03-14T09:00:00.000Z',
  preferences: {
    notifications: { tradingSessions: true, weeklyReports: false, lowCompliance: true },
    theme: 'system',
    results: { currency: 'USD', hideMoney: false },
    reminders: { sessionTypeIds: [], minutesBefore: 15 },
    sharing: { discipline: false },
  },
};

function serializerFor(schema: unknown, isCheckingResponses = false) {
  return createResponseSerializerCompiler({ isCheckingResponses })({
    schema,
    method: 'GET',
    url: '/test',
  });
}

describe('the compiled response serializer', () => {
  test('writes exactly what JSON.stringify writes for answers that match the contract', () => {
    const answers: Array<[unknown, unknown]> = [
      [userResponseSchema, { user }],
      [authSessionSchema, { authenticated: true, user }],
      [authSessionSchema, { authenticated: false, user: null }],
      [okSchema, { ok: true }],
      [
        rulesResponseSchema,
        {
          rules: [
            { id: 1, description: 'Stop "loss" \u2028 ünïcode', notes: null, displayOrder: 0 },
            { id: 2, description: '<b>x</b>', notes: 'line\nbreak', displayOrder: 1 },
          ],
        },
      ],
    ];
    for (const [schema, data] of answers) {
      expect(JSON.parse(serializerFor(schema)(data))).toEqual(data);
    }
  });

  test('writes only the properties the schema names, so nothing else can leak', () => {
    const leaky = { user: { ...user, password_hash: '$argon2id$secret', isAdmin: false } };
    const written = serializerFor(userResponseSchema)(leaky);
    expect(written).not.toContain('password_hash');
    expect(written).not.toContain('argon2id');
  });

  test('with checking on (the tests), an answer that breaks the contract fails', () => {
    const broken = { user: { ...user, id: 'seven' } };
    expect(() => serializerFor(userResponseSchema, true)(broken)).toThrow();
  });

  test('is compiled on its first answer, not when the app asks for it at start', () => {
    // A date has no JSON Schema: compiling this schema throws, so it shows when compiling runs.
    const uncompilable = z.object({ at: z.date() });
    const serialize = serializerFor(uncompilable);
    expect(() => serialize({ at: new Date() })).toThrow(/Date cannot be represented/);
  });

  test('compiled once, it keeps answering the same way', () => {
    const serialize = serializerFor(okSchema);
    expect([serialize({ ok: true }), serialize({ ok: true })]).toEqual([
      '{"ok":true}',
      '{"ok":true}',
    ]);
  });
});
