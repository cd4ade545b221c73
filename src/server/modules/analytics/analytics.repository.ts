import { sql, type Expression, type SqlBool } from 'kysely';
import type { AppDatabase } from '../../db/client.ts';
import { boolToInt, monthKey, percentage, roundedDivision } from '../../db/dialect.ts';
import type { DayRange } from './analytics.shape.ts';

export type AnalyticsRepository = ReturnType<typeof createAnalyticsRepository>;

/** `session_date` within the range, both ends included; an open end is no condition. */
function inRange(date: Expression<string>, { from, to }: DayRange): Expression<SqlBool> {
  const conditions = [
    ...(from ? [sql<SqlBool>`${date} >= ${from}`] : []),
    ...(to ? [sql<SqlBool>`${date} <= ${to}`] : []),
  ];
  return conditions.length > 0 ? sql<SqlBool>`(${sql.join(conditions, sql` and `)})` : sql`1 = 1`;
}

/**
 * The figures of the analytics, each one aggregate query over one trader's rows: nothing is
 * loaded to be counted in the process. Percentages and means are rounded half up in SQL
 * integers (`db/dialect.ts`), so both databases give the same numbers.
 */
export function createAnalyticsRepository({ db, dialect }: AppDatabase) {
  const sessionDate = sql.ref<string>('s.session_date');

  return {
    /** Followed and total checklist items of the sessions in the range, and their percentage. */
    async overall(userId: number, range: DayRange) {
      const followed = sql<number>`coalesce(sum(s.followed_count), 0)`;
      const total = sql<number>`coalesce(sum(s.total_count), 0)`;
      const row = await db
        .selectFrom('trading_sessions as s')
        .select([
          followed.as('followedCount'),
          total.as('totalCount'),
          percentage(followed, total).as('compliance'),
        ])
        .where('s.user_id', '=', userId)
        .where(inRange(sessionDate, range))
        .executeTakeFirstOrThrow();
      return {
        followedCount: Number(row.followedCount),
        totalCount: Number(row.totalCount),
        compliance: Number(row.compliance),
      };
    },

    /**
     * Per rule: the sessions in the range whose checklist held it, those where it was followed,
     * and its description as saved in the latest of them.
     */
    async ruleCompliance(userId: number, range: DayRange) {
      const { rows } = await sql<{
        ruleId: number;
        description: string;
        followedCount: number;
        totalCount: number;
        complianceRate: number;
      }>`
        select rule_id as "ruleId", description, followed as "followedCount", total as "totalCount",
          ${percentage(sql.ref('followed'), sql.ref('total'))} as "complianceRate"
        from (
          select r.rule_id,
            first_value(r.rule_description) over latest as description,
            sum(${boolToInt(sql.ref('r.followed'))}) over per_rule as followed,
            count(*) over per_rule as total,
            row_number() over latest as position
          from session_rule_results r
          join trading_sessions s on s.id = r.session_id
          where r.user_id = ${userId} and ${inRange(sessionDate, range)}
          window per_rule as (partition by r.rule_id),
            latest as (partition by r.rule_id order by s.session_date desc, r.session_id desc)
        ) as per_rule
        where position = 1
      `.execute(db);
      return rows.map((row) => ({
        ruleId: Number(row.ruleId),
        description: row.description,
        followedCount: Number(row.followedCount),
        totalCount: Number(row.totalCount),
        complianceRate: Number(row.complianceRate),
      }));
    },

    /** Per calendar month of the range: its sessions and the rounded mean of their ratings. */
    async monthlyTrends(userId: number, range: DayRange) {
      const month = monthKey(dialect, sessionDate);
      const rows = await db
        .selectFrom('trading_sessions as s')
        .select([
          month.as('monthKey'),
          sql<number>`count(*)`.as('totalSessions'),
          roundedDivision(sql`sum(s.compliance_rating)`, sql`count(*)`).as('averageCompliance'),
        ])
        .where('s.user_id', '=', userId)
        .where(inRange(sessionDate, range))
        .groupBy(month)
        .orderBy(month)
        .execute();
      return rows.map((row) => ({
        monthKey: row.monthKey,
        totalSessions: Number(row.totalSessions),
        averageCompliance: Number(row.averageCompliance),
      }));
    },
  };
}
