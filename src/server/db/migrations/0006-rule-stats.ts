import { sql, type Kysely } from 'kysely';
import type { DialectName } from '../dialect.ts';
import { columnTypes } from './column-types.ts';

/**
 * Each rule's figures over a trader's whole history, summed from the per-month summaries and
 * kept by the same recount: the default analytics (the dashboard's and the analytics screen's
 * first view) then read one row per rule instead of one per rule and month, 20 rows rather
 * than 1,320 for five years of twenty rules. See docs/decisions/0042-rule-stats.md.
 */
// Migrations see the database as it was when they were written, so they take Kysely<any>.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>, dialect: DialectName): Promise<void> {
  const t = columnTypes(dialect);
  await db.schema
    .createTable('rule_stats')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('rule_id', 'integer', (c) => c.notNull())
    .addColumn('followed_count', 'integer', (c) => c.notNull())
    .addColumn('total_count', 'integer', (c) => c.notNull())
    // The latest session holding the rule, and the rule's text in it.
    .addColumn('latest_date', t.date, (c) => c.notNull())
    .addColumn('latest_session_id', 'integer', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('rule_stats_pk', ['user_id', 'rule_id'])
    .execute();
  await fillRuleStats(db);
}

/**
 * The figures of every trader's rules from their months, as the writes keep them. The same
 * statement as the recount's (`analytics-summaries.ts`), copied rather than imported: a
 * migration stays as it was written when the app's code moves on.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function fillRuleStats(db: Kysely<any>): Promise<void> {
  await sql`
    insert into rule_stats (user_id, rule_id, followed_count, total_count, latest_date,
      latest_session_id, description)
    select user_id, rule_id, followed, total, latest_date, latest_session_id, description
    from (
      select user_id, rule_id,
        sum(followed_count) over per_rule as followed, sum(total_count) over per_rule as total,
        latest_date, latest_session_id, description,
        row_number() over (partition by user_id, rule_id
          order by latest_date desc, latest_session_id desc) as position
      from rule_month_stats
      window per_rule as (partition by user_id, rule_id)
    ) as months
    where position = 1
  `.execute(db);
}
