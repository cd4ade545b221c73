import type { App } from '#server/app.ts';
import type { Rule, RuleInput } from '#shared/schemas/rules.ts';

/** Creates rules for a logged-in trader through the API, in order. */
export async function createRules(app: App, cookie: string, rules: RuleInput[]): Promise<Rule[]> {
  const created: Rule[] = [];
  for (const payload of rules) {
    const response = await app.inject({
      method: 'POST',
      url: '/api/rules',
      headers: { cookie },
      payload,
    });
    if (response.statusCode !== 201) throw new Error(`create rule failed: ${response.body}`);
    created.push(response.json<{ rule: Rule }>().rule);
  }
  return created;
}
