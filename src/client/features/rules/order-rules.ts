import type { Rule } from '#shared/schemas/rules.ts';

/** The rules in the order of `ruleIds`; undefined when the ids no longer match the rules. */
export function orderRules(rules: Rule[], ruleIds: number[]): Rule[] | undefined {
  if (ruleIds.length !== rules.length) return undefined;
  const byId = new Map(rules.map((rule) => [rule.id, rule]));
  const ordered = ruleIds.flatMap((id) => byId.get(id) ?? []);
  return ordered.length === rules.length && new Set(ruleIds).size === rules.length
    ? ordered
    : undefined;
}
