import { sql, type Kysely } from 'kysely';
import type { DialectName } from '../dialect.ts';
import { columnTypes } from './column-types.ts';

/**
 * Per-month summaries of each trader's sessions, kept up to date by every session write (in
 * its transaction), so that the analytics read a few hundred summary rows instead of every
 * checklist item of a trader's history. See docs/decisions/0017-analytics.md.
 */
// Migrations see the database as it was when they were written, so they take Kysely<any>.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>, dialect: DialectName): Promise<void> {
  const t = columnTypes(dialect);
  await db.schema
    .createTable('month_stats')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('month', 'text', (c) => c.notNull())
    .addColumn('session_count', 'integer', (c) => c.notNull())
    .addColumn('rating_sum', 'integer', (c) => c.notNull())
    .addColumn('followed_count', 'integer', (c) => c.notNull())
    .addColumn('total_count', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('month_stats_pk', ['user_id', 'month'])
    .execute();

  await db.schema
    .createTable('rule_month_stats')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('rule_id', 'integer', (c) => c.notNull())
    .addColumn('month', 'text', (c) => c.notNull())
    .addColumn('followed_count', 'integer', (c) => c.notNull())
    .addColumn('total_count', 'integer', (c) => c.notNull())
    // The month's latest session holding the rule, and the rule's text in it.
    .addColumn('latest_date', t.date, (c) => c.notNull())
    .addColumn('latest_session_id', 'integer', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('rule_month_stats_pk', ['user_id', 'rule_id', 'month'])
    .execute();
  // The analytics read a trader's months in order.
  await db.schema
    .createIndex('rule_month_stats_user_month')
    .on('rule_month_stats')
    .columns(['user_id', 'month'])
    .execute();

  await fillSummaries(db, dialect);
}

/** Sums the sessions recorded before this migration (exported for its test). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function fillSummaries(db: Kysely<any>, dialect: DialectName): Promise<void> {
  const month = (column: string) =>
    dialect === 'sqlite'
      ? sql`substr(${sql.ref(column)}, 1, 7)`
      : sql`to_char(${sql.ref(column)}, 'YYYY-MM')`;
  await sql`
    insert into month_stats (user_id, month, session_count, rating_sum, followed_count, total_count)
    select user_id, ${month('session_date')}, count(*), sum(compliance_rating), sum(followed_count),
      sum(total_count)
    from trading_sessions
    group by user_id, ${month('session_date')}
  `.execute(db);
  await sql`
    insert into rule_month_stats (user_id, rule_id, month, followed_count, total_count,
      latest_date, latest_session_id, description)
    select user_id, rule_id, month, followed, total, session_date, session_id, rule_description
    from (
      select r.user_id, r.rule_id, ${month('s.session_date')} as month,
        sum(case when r.followed then 1 else 0 end) over per_month as followed,
        count(*) over per_month as total,
        s.session_date, r.session_id, r.rule_description,
        row_number() over (partition by r.user_id, r.rule_id, ${month('s.session_date')}
          order by s.session_date desc, r.session_id desc) as position
      from session_rule_results r
      join trading_sessions s on s.id = r.session_id
      window per_month as (partition by r.user_id, r.rule_id, ${month('s.session_date')})
    ) as items
    where position = 1
  `.execute(db);
}
