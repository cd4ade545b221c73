import { sql } from 'kysely';
import type { AppDatabase } from '../../db/client.ts';
import { boolToInt, percentage } from '../../db/dialect.ts';

/** A session at 100%, and at 90% or more (the green band). */
const PERFECT = 100;
const EXCELLENT = 90;

/**
 * The discipline figures in SQL, each one statement scoped by the trader. Runs are "islands":
 * a running count of the sessions that broke the run, in (date, id) order, gives every session
 * of one run the same number, so a run's length is a `count(*)` grouped by that number.
 * Window functions behave the same on SQLite and PostgreSQL.
 */
export function createDisciplineRepository({ db }: AppDatabase) {
  return {
    /** Current and longest run of sessions at 100% and at ≥ 90%. */
    async sessionRuns(userId: number) {
      const { rows } = await sql<{
        perfectCurrent: number | null;
        perfectLongest: number | null;
        excellentCurrent: number | null;
        excellentLongest: number | null;
      }>`
        with marked as (
          select
            case when compliance_rating >= ${PERFECT} then 1 else 0 end as perfect,
            case when compliance_rating >= ${EXCELLENT} then 1 else 0 end as excellent,
            sum(case when compliance_rating >= ${PERFECT} then 0 else 1 end)
              over (order by session_date, id rows between unbounded preceding and current row)
              as perfect_breaks,
            sum(case when compliance_rating >= ${EXCELLENT} then 0 else 1 end)
              over (order by session_date, id rows between unbounded preceding and current row)
              as excellent_breaks
          from trading_sessions
          where user_id = ${userId}
        ),
        perfect_runs as (
          select perfect_breaks as breaks, count(*) as length
          from marked where perfect = 1 group by perfect_breaks
        ),
        excellent_runs as (
          select excellent_breaks as breaks, count(*) as length
          from marked where excellent = 1 group by excellent_breaks
        )
        select
          (select max(length) from perfect_runs
            where breaks = (select count(*) from marked where perfect = 0)) as "perfectCurrent",
          (select max(length) from perfect_runs) as "perfectLongest",
          (select max(length) from excellent_runs
            where breaks = (select count(*) from marked where excellent = 0)) as "excellentCurrent",
          (select max(length) from excellent_runs) as "excellentLongest"
      `.execute(db);
      const row = rows[0];
      return {
        perfect: {
          current: Number(row?.perfectCurrent ?? 0),
          longest: Number(row?.perfectLongest ?? 0),
        },
        excellent: {
          current: Number(row?.excellentCurrent ?? 0),
          longest: Number(row?.excellentLongest ?? 0),
        },
      };
    },

    /**
     * Each current rule of the trader, in rule order, with its current run: the items of the
     * rule, latest session first, followed since the latest time it was broken.
     */
    async ruleRuns(userId: number) {
      const { rows } = await sql<{ ruleId: number; description: string; current: number | null }>`
        with items as (
          select x.rule_id, x.followed,
            sum(case when x.followed then 0 else 1 end) over (
              partition by x.rule_id
              order by s.session_date desc, s.id desc
              rows between unbounded preceding and current row
            ) as breaks_since
          from session_rule_results x
          join trading_sessions s on s.id = x.session_id and s.user_id = ${userId}
          where x.user_id = ${userId}
            and x.rule_id in (select id from trading_rules where user_id = ${userId})
        ),
        runs as (
          select rule_id, count(*) as current from items where breaks_since = 0 group by rule_id
        )
        select r.id as "ruleId", r.description, runs.current
        from trading_rules r
        left join runs on runs.rule_id = r.id
        where r.user_id = ${userId}
        order by r.display_order, r.id
      `.execute(db);
      return rows.map((row) => ({
        ruleId: Number(row.ruleId),
        description: row.description,
        current: Number(row.current ?? 0),
      }));
    },

    /**
     * The current rule broken in the most sessions between `from` and `to` (both included);
     * ties: the lower follow rate (with equal broken counts, the fewer followed), then rule
     * order. Null when no current rule was broken there.
     */
    async weakestRule(userId: number, { from, to }: { from: string; to: string }) {
      const followed = boolToInt(sql.ref('x.followed'));
      const { rows } = await sql<{
        ruleId: number;
        description: string;
        brokenCount: number;
        followedCount: number;
        totalCount: number;
        complianceRate: number;
      }>`
        select r.id as "ruleId", r.description,
          counts.broken as "brokenCount", counts.followed as "followedCount",
          counts.total as "totalCount",
          ${percentage(sql`counts.followed`, sql`counts.total`)} as "complianceRate"
        from (
          select x.rule_id, sum(${followed}) as followed, count(*) - sum(${followed}) as broken,
            count(*) as total
          from session_rule_results x
          join trading_sessions s on s.id = x.session_id and s.user_id = ${userId}
          where x.user_id = ${userId} and s.session_date >= ${from} and s.session_date <= ${to}
          group by x.rule_id
        ) as counts
        join trading_rules r on r.id = counts.rule_id and r.user_id = ${userId}
        where counts.broken > 0
        order by counts.broken desc, counts.followed asc, r.display_order, r.id
        limit 1
      `.execute(db);
      const row = rows[0];
      if (!row) return null;
      return {
        ruleId: Number(row.ruleId),
        description: row.description,
        brokenCount: Number(row.brokenCount),
        followedCount: Number(row.followedCount),
        totalCount: Number(row.totalCount),
        complianceRate: Number(row.complianceRate),
      };
    },

    /** Per day of the range with sessions: their number and the day's item percentage. */
    async calendar(userId: number, { from, to }: { from: string; to: string }) {
      const { rows } = await sql<{
        date: string;
        sessionCount: number;
        complianceRating: number;
      }>`
        select session_date as date, count(*) as "sessionCount",
          ${percentage(sql`sum(followed_count)`, sql`sum(total_count)`)} as "complianceRating"
        from trading_sessions
        where user_id = ${userId} and session_date >= ${from} and session_date <= ${to}
        group by session_date
        order by session_date
      `.execute(db);
      return rows.map((row) => ({
        date: String(row.date).slice(0, 10),
        sessionCount: Number(row.sessionCount),
        complianceRating: Number(row.complianceRating),
      }));
    },
  };
}
