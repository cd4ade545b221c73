import type { Rule, RuleData } from '#shared/schemas/rules.ts';
import type { AppDatabase } from '../../db/client.ts';
import { nowExpression } from '../../db/dialect.ts';

const ruleColumns = ['id', 'description', 'notes', 'display_order as displayOrder'] as const;

export type RulesRepository = ReturnType<typeof createRulesRepository>;

/** Every query takes the owner's id: a rule is only ever read or changed by its trader. */
export function createRulesRepository({ db, dialect }: AppDatabase) {
  return {
    listRules(userId: number): Promise<Rule[]> {
      return db
        .selectFrom('trading_rules')
        .select(ruleColumns)
        .where('user_id', '=', userId)
        .orderBy('display_order')
        .orderBy('id')
        .execute();
    },

    countRules(userId: number): Promise<number> {
      return db
        .selectFrom('trading_rules')
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .where('user_id', '=', userId)
        .executeTakeFirstOrThrow()
        .then((row) => Number(row.count));
    },

    /** Appends the rule after the trader's last one. */
    createRule(userId: number, rule: RuleData): Promise<Rule> {
      return db.transaction().execute(async (trx) => {
        const last = await trx
          .selectFrom('trading_rules')
          .select((eb) => eb.fn.max<number | null>('display_order').as('maxOrder'))
          .where('user_id', '=', userId)
          .executeTakeFirst();
        return trx
          .insertInto('trading_rules')
          .values({
            user_id: userId,
            description: rule.description,
            notes: rule.notes ?? null,
            display_order: last?.maxOrder == null ? 0 : Number(last.maxOrder) + 1,
          })
          .returning(ruleColumns)
          .executeTakeFirstOrThrow();
      });
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

    /**
     * Stores the order given; `check` sees the trader's current ids inside the same
     * transaction and may throw to leave everything as it was.
     */
    reorderRules(userId: number, ruleIds: number[], check: (currentIds: number[]) => void) {
      return db.transaction().execute(async (trx) => {
        const current = await trx
          .selectFrom('trading_rules')
          .select('id')
          .where('user_id', '=', userId)
          .execute();
        check(current.map((row) => row.id));
        if (ruleIds.length === 0) return;
        // One statement: display_order = CASE id WHEN … THEN position … END.
        await trx
          .updateTable('trading_rules')
          .set((eb) => {
            const [first, ...rest] = ruleIds.entries();
            let cases = eb.case().when('id', '=', first![1]).then(first![0]);
            for (const [position, id] of rest) cases = cases.when('id', '=', id).then(position);
            return { display_order: cases.else(eb.ref('display_order')).end() };
          })
          .where('user_id', '=', userId)
          .where('id', 'in', ruleIds)
          .execute();
      });
    },
  };
}
