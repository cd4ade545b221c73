import { MAX_RULES_PER_USER } from '#shared/constants.ts';
import type { Rule, RuleData } from '#shared/schemas/rules.ts';
import type { AppDatabase } from '../../db/client.ts';
import { withTraderLock } from '../../db/trader-lock.ts';
import { createKeptRules } from './kept-rules.ts';
import { createRulesRepository, type RulesRepository } from './rules.repository.ts';
import { ruleNotFound, ruleOrderOutOfDate, tooManyRules } from './rules.errors.ts';

export type RulesService = ReturnType<typeof createRulesService>;

/** Every write runs under the trader's lock: checks and writes see the same list. */
export function createRulesService({ database }: { database: AppDatabase }) {
  const rules = createRulesRepository(database);
  const kept = createKeptRules(database);
  const locked = <T>(userId: number, work: (tx: RulesRepository) => Promise<T>) =>
    withTraderLock(database, userId, (tx) => work(createRulesRepository(tx)));

  return {
    /** `rulesVersion`: the trader's, read with the request's login (`kept-answers.ts`). */
    listRules: (userId: number, rulesVersion?: string | null) =>
      kept.answer(userId, 'list', () => rules.listRules(userId), rulesVersion),

    createRule: (userId: number, input: RuleData): Promise<Rule> =>
      locked(userId, async (tx) => {
        if ((await tx.countRules(userId)) >= MAX_RULES_PER_USER) throw tooManyRules();
        return tx.createRule(userId, input);
      }),

    updateRule: (userId: number, id: number, input: RuleData): Promise<Rule> =>
      locked(userId, async (tx) => {
        const rule = await tx.updateRule(userId, id, input);
        if (!rule) throw ruleNotFound();
        return rule;
      }),

    deleteRule: (userId: number, id: number): Promise<void> =>
      locked(userId, async (tx) => {
        if (!(await tx.deleteRule(userId, id))) throw ruleNotFound();
      }),

    /**
     * `ruleIds` (each once, checked by the schema) must name exactly the trader's rules now,
     * and `fromRuleIds`, when given, must be their order now; otherwise nothing changes and
     * the answer is a conflict.
     */
    reorderRules: (userId: number, ruleIds: number[], fromRuleIds?: number[]): Promise<Rule[]> =>
      locked(userId, async (tx) => {
        const currentIds = await tx.listRuleIds(userId);
        const given = new Set(ruleIds);
        const isSameSet =
          given.size === currentIds.length && currentIds.every((id) => given.has(id));
        const isSameOrder =
          !fromRuleIds ||
          (fromRuleIds.length === currentIds.length &&
            currentIds.every((id, index) => fromRuleIds[index] === id));
        if (!isSameSet || !isSameOrder) throw ruleOrderOutOfDate();
        await tx.setRuleOrder(userId, ruleIds);
        return tx.listRules(userId);
      }),
  };
}
