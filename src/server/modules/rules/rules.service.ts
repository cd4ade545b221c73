import { MAX_RULES_PER_USER } from '#shared/constants.ts';
import type { Rule, RuleData } from '#shared/schemas/rules.ts';
import type { RulesRepository } from './rules.repository.ts';
import { invalidRuleOrder, ruleNotFound, tooManyRules } from './rules.errors.ts';

export type RulesService = ReturnType<typeof createRulesService>;

export function createRulesService({ rules }: { rules: RulesRepository }) {
  return {
    listRules: (userId: number) => rules.listRules(userId),

    async createRule(userId: number, input: RuleData): Promise<Rule> {
      if ((await rules.countRules(userId)) >= MAX_RULES_PER_USER) throw tooManyRules();
      return rules.createRule(userId, input);
    },

    async updateRule(userId: number, id: number, input: RuleData): Promise<Rule> {
      const rule = await rules.updateRule(userId, id, input);
      if (!rule) throw ruleNotFound();
      return rule;
    },

    async deleteRule(userId: number, id: number): Promise<void> {
      if (!(await rules.deleteRule(userId, id))) throw ruleNotFound();
    },

    /** `ruleIds` must name exactly the trader's rules, each once; otherwise nothing changes. */
    async reorderRules(userId: number, ruleIds: number[]): Promise<Rule[]> {
      await rules.reorderRules(userId, ruleIds, (currentIds) => {
        const given = new Set(ruleIds);
        const isSameSet =
          given.size === ruleIds.length &&
          given.size === currentIds.length &&
          currentIds.every((id) => given.has(id));
        if (!isSameSet) throw invalidRuleOrder();
      });
      return rules.listRules(userId);
    },
  };
}
