import type { Rule, RuleData } from '#shared/schemas/rules.ts';
import type { AppDatabase } from '../../db/client.ts';
import { nowExpression } from '../../db/dialect.ts';
import { prepareQuery } from '../../db/prepared-query.ts';

const ruleColumns = ['id', 'description', 'notes', 'display_order as displayOrder'] as const;

/** Read on every screen that shows the rules or the reminder banner. */
const selectRules = prepareQuery<{ userId: number }, Rule>((db, param) =>
  db
    .selectFrom('trading_rules')
    .select(ruleColumns)
    .where('user_id', '=', param('userId'))
    .orderBy('display_order')
    .orderBy('id'),
);

export type RulesRepository = ReturnType<typeof createRulesRepository>;

/** Every query takes the owner's id: a rule is only ever read or changed by its trader. */
export function createRulesRepository({ db, dialect }: AppDatabase) {
  return {
    listRules(userId: number): Promise<Rule[]> {
      return selectRules(db, { userId });
    },

    countRules(userId: number): Promise<number> {
      return db
        .selectFrom('trading_rules')
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .where('user_id', '=', userId)
        .executeTakeFirstOrThrow()
        .then((row) => Number(row.count));
    },

    async listRuleIds(userId: number): Promise<number[]> {
      const rows = await db
        .selectFrom('trading_rules')
        .select('id')
        .where('user_id', '=', userId)
        .execute();
      return rows.map((row) => row.id);
    },

    /** Appends the rule after the trader's last one; run it under the trader's lock. */
    async createRule(userId: number, rule: RuleData): Promise<Rule> {
      const last = await db
        .selectFrom('trading_rules')
        .select((eb) => eb.fn.max<number | null>('display_order').as('maxOrder'))
        .where('user_id', '=', userId)
        .executeTakeFirst();
      return db
        .insertInto('trading_rules')
        .values({
          user_id: userId,
          description: rule.description,
          notes: rule.notes ?? null,
          display_order: last?.maxOrder == null ? 0 : Number(last.maxOrder) + 1,
        })
        .returning(ruleColumns)
        .executeTakeFirstOrThrow();
    },

    updateRule(userId: number, id: number, rule: RuleData): Promise<Rule | undefined> {
      return db
        .updateTable('trading_rules')
        .set({
          description: rule.description,
          notes: rule.notes ?? null,
          updated_at: nowExpression(dialect),
        })
        .where('id', '=', id)
        .where('user_id', '=', userId)
        .returning(ruleColumns)
        .executeTakeFirst();
    },

    /** True when a rule of this trader was deleted. Past sessions keep their snapshots. */
    async deleteRule(userId: number, id: number): Promise<boolean> {
      const result = await db
        .deleteFrom('trading_rules')
        .where('id', '=', id)
        .where('user_id', '=', userId)
        .executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },

    /** Positions 0…n-1 in the order of `ruleIds`, in one statement. */
    async setRuleOrder(userId: number, ruleIds: number[]): Promise<void> {
      const [first, ...rest] = ruleIds.entries();
      if (!first) return;
      await db
        .updateTable('trading_rules')
        .set((eb) => {
          let cases = eb.case().when('id', '=', first[1]).then(first[0]);
          for (const [position, id] of rest) cases = cases.when('id', '=', id).then(position);
          return { display_order: cases.else(eb.ref('display_order')).end() };
        })
        .where('user_id', '=', userId)
        .where('id', 'in', ruleIds)
        .execute();
    },
  };
}
