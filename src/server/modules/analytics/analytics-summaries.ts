import { randomUUID } from 'node:crypto';
import { sql, type Expression, type SqlBool } from 'kysely';
import type { AppDatabase } from '../../db/client.ts';
import { boolToInt, monthKey } from '../../db/dialect.ts';
import { addMonths, firstDayOf, monthOf } from '#shared/calendar.ts';
import { COMPLIANCE_BANDS } from '#shared/constants.ts';

/** The sessions of the given months: `[first day, first day of the next month)`. */
function inMonths(date: Expression<string>, months: string[]): Expression<SqlBool> {
  return sql<SqlBool>`(${sql.join(
    months.map(
      (month) =>
        sql`(${date} >= ${firstDayOf(month)} and ${date} < ${firstDayOf(addMonths(month, 1))})`,
    ),
    sql` or `,
  )})`;
}

/**
 * Recomputes a trader's per-month summaries (`month_stats`, `rule_month_stats`) for the months
 * of `days` from their sessions, then each rule's whole-history figures (`rule_stats`) from
 * the rule's months. Every session write calls it, inside its transaction and
 * under the trader's lock, with the days it touched (an edit that moves a session to another
 * month touches both), so the summaries always say what the sessions say. Recounting a month
 * reads at most that month's sessions: it costs the same however long the history is; the
 * whole-history figures read one row per rule and month (1,320 for five years of 20 rules).
 * Last, it gives the trader's sessions a new version, which ends every answer read from them
 * that an instance kept (`kept-answers.ts`: the figures, and the history's pages) when the
 * transaction commits. So every write of a trader's sessions calls it, even one that changes
 * no figure (a rename, a new screenshot): the pages show those too.
 */
export async function refreshMonthSummaries(
  database: AppDatabase,
  userId: number,
  days: string[],
): Promise<void> {
  const months = [...new Set(days.map(monthOf))];
  if (months.length === 0) return;
  for (let first = 0; first < months.length; first += MONTHS_PER_STATEMENT) {
    await recountMonths(database, userId, months.slice(first, first + MONTHS_PER_STATEMENT));
  }
  await refreshRuleStats(database, userId);
  // Random rather than counted: a database restored from a backup brings back only versions
  // whose figures it also brings back, where a count would start again at numbers already used.
  await database.db
    .updateTable('users')
    .set({ summaries_version: randomUUID() })
    .where('id', '=', userId)
    .execute();
}

/**
 * Months one statement recounts at most. Each is a date range of its own in the statement:
 * SQLite refuses an expression over 1,000 terms deep (an import of sessions in 990 months
 * answered 500 there, where PostgreSQL took it), and PostgreSQL a statement of over 65,535
 * parameters.
 */
const MONTHS_PER_STATEMENT = 200;

/** `month_stats` and `rule_month_stats` of the given months, from their sessions. */
async function recountMonths(
  { db, dialect }: AppDatabase,
  userId: number,
  months: string[],
): Promise<void> {
  const sessionDate = sql.ref<string>('s.session_date');
  const month = monthKey(dialect, sessionDate);

  await db
    .deleteFrom('month_stats')
    .where('user_id', '=', userId)
    .where('month', 'in', months)
    .execute();
  // With each month's closing run at ≥ 90%: its sessions after the latest one below, found by
  // position in (date, id) order (the trader's current run is read from these, decision 58).
  await sql`
    insert into month_stats (user_id, month, session_count, rating_sum, followed_count, total_count,
      closing_excellent_run)
    select user_id, month, count(*), sum(compliance_rating), sum(followed_count), sum(total_count),
      count(*) - coalesce(max(case when compliance_rating < ${COMPLIANCE_BANDS.green}
        then position end), 0)
    from (
      select s.user_id, ${month} as month, s.compliance_rating, s.followed_count, s.total_count,
        row_number() over (partition by ${month} order by s.session_date, s.id) as position
      from trading_sessions s
      where s.user_id = ${userId} and ${inMonths(sessionDate, months)}
    ) as sessions
    group by user_id, month
  `.execute(db);

  await db
    .deleteFrom('rule_month_stats')
    .where('user_id', '=', userId)
    .where('month', 'in', months)
    .execute();
  await sql`
    insert into rule_month_stats (user_id, rule_id, month, followed_count, total_count,
      latest_date, latest_session_id, description)
    select user_id, rule_id, month, followed, total, session_date, session_id, rule_description
    from (
      select r.user_id, r.rule_id, ${month} as month,
        sum(${boolToInt(sql.ref('r.followed'))}) over per_month as followed,
        count(*) over per_month as total,
        s.session_date, r.session_id, r.rule_description,
        row_number() over (partition by r.rule_id, ${month}
          order by s.session_date desc, r.session_id desc) as position
      from trading_sessions s
      join session_rule_results r on r.session_id = s.id
      where s.user_id = ${userId} and ${inMonths(sessionDate, months)}
      window per_month as (partition by r.rule_id, ${month})
    ) as items
    where position = 1
  `.execute(db);
}

/** Each rule's figures over all the trader's months, and its text in the latest session. */
async function refreshRuleStats({ db }: AppDatabase, userId: number): Promise<void> {
  await db.deleteFrom('rule_stats').where('user_id', '=', userId).execute();
  await sql`
    insert into rule_stats (user_id, rule_id, followed_count, total_count, latest_date,
      latest_session_id, description)
    select user_id, rule_id, followed, total, latest_date, latest_session_id, description
    from (
      select user_id, rule_id,
        sum(followed_count) over per_rule as followed, sum(total_count) over per_rule as total,
        latest_date, latest_session_id, description,
        row_number() over (partition by rule_id
          order by latest_date desc, latest_session_id desc) as position
      from rule_month_stats
      where user_id = ${userId}
      window per_rule as (partition by rule_id)
    ) as months
    where position = 1
  `.execute(db);
}
