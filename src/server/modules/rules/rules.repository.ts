import { randomUUID } from 'node:crypto';
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

/**
 * Every query takes the owner's id: a rule is only ever read or changed by its trader. Every
 * write also changes the trader's rules version, in the write's transaction, which the lists
 * an instance keeps are checked against (`kept-rules.ts`): run writes under the trader's lock,
 * as the service and the import do.
 */
export function createRulesRepository({ db, dialect }: AppDatabase) {
  // Random rather than counted, like the sessions' version: a database restored from a backup
  // never brings back a version that a kept list could mistake for its own.
  const changed = async (userId: number) => {
    await db
      .updateTable('users')
      .set({ rules_version: randomUUID() })
      .where('id', '=', userId)
      .execute();
  };

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
        .orderBy('display_order')
        .orderBy('id')
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
      const created = await db
        .insertInto('trading_rules')
        .values({
          user_id: userId,
          description: rule.description,
          notes: rule.notes ?? null,
          display_order: last?.maxOrder == null ? 0 : Number(last.maxOrder) + 1,
        })
        .returning(ruleColumns)
        .executeTakeFirstOrThrow();
      await changed(userId);
      return created;
    },

    async updateRule(userId: number, id: number, rule: RuleData): Promise<Rule | undefined> {
      const updated = await db
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
      if (updated) await changed(userId);
      return updated;
    },

    /** True when a rule of this trader was deleted. Past sessions keep their snapshots. */
    async deleteRule(userId: number, id: number): Promise<boolean> {
      const result = await db
        .deleteFrom('trading_rules')
        .where('id', '=', id)
        .where('user_id', '=', userId)
        .executeTakeFirst();
      const isDeleted = Number(result.numDeletedRows) > 0;
      if (isDeleted) await changed(userId);
      return isDeleted;
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
      await changed(userId);
    },
  };
}
