import { sql, type Expression, type RawBuilder, type SqlBool } from 'kysely';
import type { AppDatabase } from '../../db/client.ts';
import { runAsNamedStatement } from '../../db/prepared-query.ts';
import {
  boolToInt,
  LATEST_KEY_PREFIX_LENGTH,
  latestKey,
  maxLatestKey,
  monthKey,
  percentage,
  roundedDivision,
} from '../../db/dialect.ts';
import { splitRange, type DayRange, type MonthRange } from './analytics.shape.ts';

const NOTHING = sql<SqlBool>`1 = 0`;

/** `column` between the ends of a range, both included; an open end is no condition. */
function between(column: Expression<string>, { from, to }: DayRange | MonthRange) {
  const conditions = [
    ...(from ? [sql<SqlBool>`${column} >= ${from}`] : []),
    ...(to ? [sql<SqlBool>`${column} <= ${to}`] : []),
  ];
  return conditions.length > 0
    ? sql<SqlBool>`(${sql.join(conditions, sql` and `)})`
    : sql<SqlBool>`1 = 1`;
}

/** Sessions on the edge days of a range (none: a condition no row meets). */
function onDays(date: Expression<string>, edges: DayRange[]): RawBuilder<SqlBool> {
  if (edges.length === 0) return NOTHING;
  return sql<SqlBool>`(${sql.join(
    edges.map((edge) => between(date, edge)),
    sql` or `,
  )})`;
}

/** A rule's figures as both statements answer them (PostgreSQL's sums come as text). */
interface RuleComplianceRow {
  ruleId: number;
  description: string;
  followedCount: number | string;
  totalCount: number | string;
  complianceRate: number | string;
}

function toRuleCompliance(row: RuleComplianceRow) {
  return {
    ruleId: Number(row.ruleId),
    description: row.description,
    followedCount: Number(row.followedCount),
    totalCount: Number(row.totalCount),
    complianceRate: Number(row.complianceRate),
  };
}

/**
 * The figures of the analytics, in SQL. A range is read as its whole months, from the
 * per-month summaries (`analytics-summaries.ts`), plus its partial months at the ends, from
 * the sessions themselves, added up in one statement: a 5,000-session history is a few hundred
 * summary rows. Percentages and means are rounded half up in SQL integers (`db/dialect.ts`),
 * so both databases give the same numbers.
 */
export function createAnalyticsRepository({ db, dialect }: AppDatabase) {
  const sessionDate = sql.ref<string>('s.session_date');
  const summaryMonth = sql.ref<string>('month');

  /** Summary rows of the range's whole months, or none. */
  const inMonths = (months: MonthRange | null) =>
    months ? between(summaryMonth, months) : NOTHING;

  /** Per rule over all history: one summary row each (`rule_stats`). */
  async function allHistory(userId: number) {
    const rows = await runAsNamedStatement(
      db,
      sql<RuleComplianceRow>`
      select rule_id as "ruleId", description, followed_count as "followedCount",
        total_count as "totalCount",
        ${percentage(sql.ref('followed_count'), sql.ref('total_count'))} as "complianceRate"
      from rule_stats
      where user_id = ${userId}
    `,
    );
    return rows.map(toRuleCompliance);
  }

  return {
    /** Followed and total checklist items of the sessions in the range, and their percentage. */
    async overall(userId: number, range: DayRange) {
      const { months, edges } = splitRange(range);
      const rows = await runAsNamedStatement(
        db,
        sql<{ followedCount: number; totalCount: number; compliance: number }>`
        select coalesce(sum(followed), 0) as "followedCount", coalesce(sum(total), 0) as "totalCount",
          ${percentage(sql`coalesce(sum(followed), 0)`, sql`coalesce(sum(total), 0)`)} as "compliance"
        from (
          select followed_count as followed, total_count as total
          from month_stats
          where user_id = ${userId} and ${inMonths(months)}
          union all
          select s.followed_count, s.total_count
          from trading_sessions s
          where s.user_id = ${userId} and ${onDays(sessionDate, edges)}
        ) as pieces
      `,
      );
      const row = rows[0];
      return {
        followedCount: Number(row?.followedCount ?? 0),
        totalCount: Number(row?.totalCount ?? 0),
        compliance: Number(row?.compliance ?? 0),
      };
    },

    /**
     * Per rule: the sessions in the range whose checklist held it, those where it was followed,
     * and its description as saved in the latest of them.
     */
    async ruleCompliance(userId: number, range: DayRange) {
      if (range.from === undefined && range.to === undefined) return allHistory(userId);
      const { months, edges } = splitRange(range);
      const key = sql.ref<string>('latest');
      const rows = await runAsNamedStatement(
        db,
        sql<RuleComplianceRow>`
        select rule_id as "ruleId",
          substr(${maxLatestKey(dialect, key)}, ${LATEST_KEY_PREFIX_LENGTH + 1}) as description,
          sum(followed) as "followedCount", sum(total) as "totalCount",
          ${percentage(sql`sum(followed)`, sql`sum(total)`)} as "complianceRate"
        from (
          select rule_id, followed_count as followed, total_count as total,
            ${latestKey(dialect, sql.ref('latest_date'), sql.ref('latest_session_id'), sql.ref('description'))} as latest
          from rule_month_stats
          where user_id = ${userId} and ${inMonths(months)}
          union all
          select r.rule_id, ${boolToInt(sql.ref('r.followed'))}, 1,
            ${latestKey(dialect, sessionDate, sql.ref('r.session_id'), sql.ref('r.rule_description'))}
          from trading_sessions s
          join session_rule_results r on r.session_id = s.id
          where s.user_id = ${userId} and ${onDays(sessionDate, edges)}
        ) as pieces
        group by rule_id
      `,
      );
      return rows.map(toRuleCompliance);
    },

    /** Per calendar month of the range: its sessions and the rounded mean of their ratings. */
    async monthlyTrends(userId: number, range: DayRange) {
      const { months, edges } = splitRange(range);
      const rows = await runAsNamedStatement(
        db,
        sql<{
          monthKey: string;
          totalSessions: number;
          averageCompliance: number;
        }>`
        select month as "monthKey", sum(sessions) as "totalSessions",
          ${roundedDivision(sql`sum(ratings)`, sql`sum(sessions)`)} as "averageCompliance"
        from (
          select month, session_count as sessions, rating_sum as ratings
          from month_stats
          where user_id = ${userId} and ${inMonths(months)}
          union all
          select ${monthKey(dialect, sessionDate)}, 1, s.compliance_rating
          from trading_sessions s
          where s.user_id = ${userId} and ${onDays(sessionDate, edges)}
        ) as pieces
        group by month
        order by month
      `,
      );
      return rows.map((row) => ({
        monthKey: row.monthKey,
        totalSessions: Number(row.totalSessions),
        averageCompliance: Number(row.averageCompliance),
      }));
    },
  };
}
