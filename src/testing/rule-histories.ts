import fc from 'fast-check';
import { expect } from 'vitest';
import type { App } from '#server/app.ts';
import type { Rule } from '#shared/schemas/rules.ts';
import { createRules } from './rules.ts';

/**
 * What happens to a generated trader's rules before one of their sessions: nothing, a rule
 * added, or one deleted (by its place, modulo the list's length). A new session lists every
 * current rule, so histories built this way give their sessions different checklists.
 */
export type RuleChange = null | 'add' | { deleteAt: number };

export const ruleChangeArbitrary = (mostRules: number): fc.Arbitrary<RuleChange> =>
  fc.oneof(
    { arbitrary: fc.constant(null), weight: 3 },
    { arbitrary: fc.constant('add' as const), weight: 1 },
    { arbitrary: fc.record({ deleteAt: fc.nat(mostRules - 1) }), weight: 1 },
  );

/** The trader's API requests on their rules, keeping `rules` (their list, in order) as it is. */
export function ruleEditor(app: App, cookie: string, rules: Rule[]) {
  const send = async (method: 'PUT' | 'DELETE', url: string, payload?: object) => {
    const response = await app.inject({ method, url, headers: { cookie }, payload });
    expect(response.statusCode, response.body).toBe(200);
  };
  return {
    /** Applies `change` before the session numbered `index`. */
    async change(change: RuleChange, index: number) {
      if (change === 'add') {
        const description = `Rule added before session ${index}`;
        rules.push(...(await createRules(app, cookie, [{ description }])));
      } else if (change !== null && rules.length > 0) {
        const [deleted] = rules.splice(change.deleteAt % rules.length, 1);
        await send('DELETE', `/api/rules/${deleted!.id}`);
      }
    },
    /** Renames the rule at `at` (modulo the list's length) after the session numbered `index`. */
    async rename(at: number, index: number) {
      if (rules.length === 0) return;
      const rule = rules[at % rules.length]!;
      await send('PUT', `/api/rules/${rule.id}`, { description: `Rule ${rule.id} v${index}` });
    },
  };
}
