import { sql } from 'kysely';
import { COMPLIANCE_BANDS } from '#shared/constants.ts';
import { LAST_CALENDAR_DAY } from '#shared/schemas/common.ts';
import type { Streaks, WeakestRule } from '#shared/schemas/discipline.ts';
import { byPages } from '../../db/by-pages.ts';
import type { AppDatabase } from '../../db/client.ts';
import { boolToInt, monthStart, percentage, type DialectName } from '../../db/dialect.ts';

export type SessionRuns = Omit<Streaks, 'rules'>;

/** A trader's checklist items of some days (all rules', deleted ones too), and the weakest rule. */
export interface WeakestRuleOfDays {
  followedCount: number;
  totalCount: number;
  weakestRule: WeakestRule | null;
}

/** `WeakestRuleOfDays` of days without checklist items: `weakestRulesOf` leaves such a trader out. */
export const NOTHING_CHECKED: WeakestRuleOfDays = {
  followedCount: 0,
  totalCount: 0,
  weakestRule: null,
};

/**
 * The statement of `weakestRulesOf` for one page of traders: a row for each trader with items in
 * the days, holding their items' counts and the weakest rule. Both come from the one read, so
 * that why there is no weakest rule (nothing checked, none broken, only rules deleted since
 * broken) is told by the same items as the rule: a session saved between two reads made a
 * month with a broken current rule read as one whose broken rules were all deleted.
 *
 * Each trader's rule counts are ranked with those that cannot be the weakest (a rule deleted
 * since, or one never broken) last, so that the first row is the weakest rule when there is one.
 *
 * The items are reached from the sessions of the days (the date index), then by session: the
 * unary `+` keeps SQLite from carrying the trader's id over to the checklist's index on
 * (user_id, rule_id), through which it read every item of the trader's whole history to keep
 * 30 days (42 ms for the bench's trader of 5,000 sessions, 0.4 ms this way).
 */
export function weakestRulesStatement(
  page: readonly number[],
  { from, to }: { from: string; to: string },
) {
  const followed = boolToInt(sql.ref('x.followed'));
  return sql<WeakestRuleRow>`
    select "userId", "itemsFollowed", "itemCount", "ruleId", description, "brokenCount",
      "followedCount", "totalCount", "complianceRate"
    from (
      select counts.user_id as "userId",
        sum(counts.followed) over (partition by counts.user_id) as "itemsFollowed",
        sum(counts.total) over (partition by counts.user_id) as "itemCount",
        r.id as "ruleId", r.description,
        counts.broken as "brokenCount", counts.followed as "followedCount",
        counts.total as "totalCount",
        ${percentage(sql`counts.followed`, sql`counts.total`)} as "complianceRate",
        row_number() over (
          partition by counts.user_id
          order by case when r.id is null or counts.broken = 0 then 1 else 0 end,
            counts.broken desc, counts.followed asc, r.display_order, r.id
        ) as place
      from (
        select s.user_id, x.rule_id, sum(${followed}) as followed,
          count(*) - sum(${followed}) as broken, count(*) as total
        from trading_sessions s
        join session_rule_results x on x.session_id = s.id and +x.user_id = s.user_id
        where s.user_id in (${sql.join(page)})
          and s.session_date >= ${from} and s.session_date <= ${to}
        group by s.user_id, x.rule_id
      ) as counts
      left join trading_rules r on r.id = counts.rule_id and r.user_id = counts.user_id
    ) as ranked
    where place = 1
  `;
}

/** A row of `weakestRulesStatement`: the rule's columns are null, or its broken count 0, without one. */
interface WeakestRuleRow {
  userId: number;
  itemsFollowed: number | string;
  itemCount: number | string;
  ruleId: number | null;
  description: string | null;
  brokenCount: number | string;
  followedCount: number | string;
  totalCount: number | string;
  complianceRate: number | string;
}

/**
 * The statement of `ruleRuns`. A rule's current run is its items in the sessions after its
 * latest break (all of them followed). The rule's kept month figures (`rule_month_stats`, kept
 * by every session write in its transaction, with the month's latest day holding the rule) say
 * where to look, so that nothing here grows with the history:
 *
 * - the latest month with a broken item of the rule, the rule's months read newest first by
 *   their key (none: the rule was never broken, or is in no session yet, and its run is every
 *   item of it, `rule_stats`' count, 0 without a row);
 * - in that month the latest break, walking the month's sessions newest first on the date index
 *   from the month's latest day holding the rule, each probed for the rule's broken item by the
 *   checklist's key, and stopping at the first;
 * - the run: the rule's items after the break in that month, plus the items of every later
 *   month, from their kept counts.
 *
 * A disciplined trader's rule, broken once years ago, cost a walk and a count over every session
 * since (the bench's trader of 5,000 sessions with five such rules: 36–60 ms on SQLite and
 * 130–270 ms of PostgreSQL's execution); now at most a month of sessions and a row per month:
 * 0.7–1.3 and 1.4–2.6 ms (decision 58). The month's first day bounds the walk too, without which PostgreSQL
 * chose to read every broken item of the rule instead. The break is named once: both databases
 * copy a `with` read once into its reader, and a walk named twice ran twice.
 */
export function ruleRunsStatement(dialect: DialectName, userId: number) {
  return sql<{ ruleId: number; description: string; current: number | null }>`
    with break_months as (
      select r.id as rule_id, r.description, r.display_order, st.total_count, (
          select m.month from rule_month_stats m
          where m.user_id = ${userId} and m.rule_id = r.id and m.followed_count < m.total_count
          order by m.month desc
          limit 1
        ) as month
      from trading_rules r
      left join rule_stats st on st.user_id = r.user_id and st.rule_id = r.id
      where r.user_id = ${userId}
    ),
    breaks as (
      select bm.rule_id, bm.description, bm.display_order, bm.total_count, bm.month,
        m.latest_date, (
          select s.id from trading_sessions s
          where s.user_id = ${userId}
            and s.session_date >= ${monthStart(dialect, sql.ref('m.month'))}
            and s.session_date <= m.latest_date
            and exists (
              select 1 from session_rule_results x
              where x.session_id = s.id and x.rule_id = bm.rule_id and not x.followed
            )
          order by s.session_date desc, s.id desc
          limit 1
        ) as break_id
      from break_months bm
      left join rule_month_stats m on m.user_id = ${userId} and m.rule_id = bm.rule_id
        and m.month = bm.month
    )
    select b.rule_id as "ruleId", b.description,
      case when b.month is null then coalesce(b.total_count, 0) else (
        select count(*) from trading_sessions br
        join trading_sessions s on s.user_id = br.user_id
          and s.session_date >= br.session_date
          and (s.session_date > br.session_date or s.id > br.id)
          and s.session_date <= b.latest_date
        join session_rule_results x on x.session_id = s.id and x.rule_id = b.rule_id
        where br.id = b.break_id
      ) + coalesce((
        select sum(later.total_count) from rule_month_stats later
        where later.user_id = ${userId} and later.rule_id = b.rule_id and later.month > b.month
      ), 0) end as current
    from breaks b
    order by b.display_order, b.rule_id
  `;
}

/**
 * The statement of `currentExcellentRunsOf` for one page of traders. Each of a trader's months
 * keeps the run at ≥ 90% it closes with (`month_stats.closing_excellent_run`, kept by every
 * session write in its transaction): the current run is the closing run of the latest month
 * with a session below 90%, the trader's months read newest first by their key, plus every
 * later month's sessions; all of the trader's sessions when no month has a break. Walking the
 * sessions back to the latest break, and counting those after it, cost as much as the run was
 * long: 5,000 rows for a trader never below 90% in five years of sessions. This reads a row
 * per month at most (the team list by streak reads it for every sharing trader, decision 58):
 * for such a trader 0.93 → 0.03 ms on SQLite and 1.73 → 0.38 ms on PostgreSQL. The break month
 * is materialized, found once: both databases otherwise copy a `with` into each place that
 * reads it, here once per month row twice over (1.41 ms on SQLite).
 */
export function currentExcellentRunsStatement(page: readonly number[]) {
  return sql<{ userId: number; current: number | null }>`
    with break_months as materialized (
      select u.id as user_id, (
        select m.month from month_stats m
        where m.user_id = u.id and m.closing_excellent_run < m.session_count
        order by m.month desc
        limit 1
      ) as month
      from users u
      where u.id in (${sql.join(page)})
    )
    select b.user_id as "userId", (
      select sum(case when m.month = b.month then m.closing_excellent_run
        else m.session_count end)
      from month_stats m
      where m.user_id = b.user_id and (b.month is null or m.month >= b.month)
    ) as current
    from break_months b
  `;
}

/** The runs of a trader without sessions. */
export const noRuns = (): SessionRuns => ({
  perfect: { current: 0, longest: 0 },
  excellent: { current: 0, longest: 0 },
});

/** A session at 100%, and at 90% or more (the green band). */
const PERFECT = 100;
const EXCELLENT = COMPLIANCE_BANDS.green;

/**
 * The discipline figures in SQL, each one statement scoped by the trader, or by a page of
 * traders with every window partitioned by trader (the weekly reports, the team page). Runs are
 * "islands": a running count of the sessions that broke the run, in (date, id) order, gives
 * every session of one run the same number, so a run's length is a `count(*)` grouped by that
 * number. Window functions behave the same on SQLite and PostgreSQL.
 */
export function createDisciplineRepository({ db, dialect }: AppDatabase) {
  const repository = {
    /**
     * Per trader of `userIds`, the current run of sessions at ≥ 90% alone: the sessions after
     * the latest one below 90%, in (date, id) order, or all of them when none is. The same
     * figure as `sessionRunsOf`'s `excellent.current`, read from the kept month figures instead
     * of the sessions (`currentExcellentRunsStatement`). Every trader of `userIds` is in the
     * map, 0 without sessions.
     */
    async currentExcellentRunsOf(userIds: readonly number[]): Promise<Map<number, number>> {
      return byPages(userIds, async (page) => {
        const { rows } = await currentExcellentRunsStatement(page).execute(db);
        return new Map(rows.map((row) => [Number(row.userId), Number(row.current ?? 0)]));
      });
    },

    /**
     * Per trader of `userIds` with sessions up to `until` (a calendar day, included), the
     * current and longest run of those sessions at 100% and at ≥ 90%, each trader's sessions on
     * their own (one statement for a page of traders, as the weekly reports read them, as they
     * stood at the end of the report's Sunday). A trader without such sessions is absent.
     */
    async sessionRunsOf(
      userIds: readonly number[],
      until: string,
    ): Promise<Map<number, SessionRuns>> {
      return byPages(userIds, async (page) => {
        const { rows } = await sql<{
          userId: number;
          perfectCurrent: number | null;
          perfectLongest: number | null;
          excellentCurrent: number | null;
          excellentLongest: number | null;
        }>`
        with marked as (
          select user_id,
            case when compliance_rating >= ${PERFECT} then 1 else 0 end as perfect,
            case when compliance_rating >= ${EXCELLENT} then 1 else 0 end as excellent,
            sum(case when compliance_rating >= ${PERFECT} then 0 else 1 end) over (
              partition by user_id order by session_date, id
              rows between unbounded preceding and current row
            ) as perfect_breaks,
            sum(case when compliance_rating >= ${EXCELLENT} then 0 else 1 end) over (
              partition by user_id order by session_date, id
              rows between unbounded preceding and current row
            ) as excellent_breaks
          from trading_sessions
          where user_id in (${sql.join(page)}) and session_date <= ${until}
        ),
        totals as (
          select user_id, sum(1 - perfect) as perfect_breaks, sum(1 - excellent) as excellent_breaks
          from marked group by user_id
        ),
        perfect_runs as (
          select user_id, perfect_breaks as breaks, count(*) as length
          from marked where perfect = 1 group by user_id, perfect_breaks
        ),
        excellent_runs as (
          select user_id, excellent_breaks as breaks, count(*) as length
          from marked where excellent = 1 group by user_id, excellent_breaks
        ),
        perfect as (
          select t.user_id,
            max(case when r.breaks = t.perfect_breaks then r.length end) as current,
            max(r.length) as longest
          from totals t join perfect_runs r on r.user_id = t.user_id
          group by t.user_id
        ),
        excellent as (
          select t.user_id,
            max(case when r.breaks = t.excellent_breaks then r.length end) as current,
            max(r.length) as longest
          from totals t join excellent_runs r on r.user_id = t.user_id
          group by t.user_id
        )
        select t.user_id as "userId",
          p.current as "perfectCurrent", p.longest as "perfectLongest",
          e.current as "excellentCurrent", e.longest as "excellentLongest"
        from totals t
        left join perfect p on p.user_id = t.user_id
        left join excellent e on e.user_id = t.user_id
      `.execute(db);
        return new Map(
          rows.map((row) => [
            Number(row.userId),
            {
              perfect: {
                current: Number(row.perfectCurrent ?? 0),
                longest: Number(row.perfectLongest ?? 0),
              },
              excellent: {
                current: Number(row.excellentCurrent ?? 0),
                longest: Number(row.excellentLongest ?? 0),
              },
            },
          ]),
        );
      });
    },

    /** Current and longest run of the trader's sessions at 100% and at ≥ 90%: all of them. */
    async sessionRuns(userId: number): Promise<SessionRuns> {
      return (await repository.sessionRunsOf([userId], LAST_CALENDAR_DAY)).get(userId) ?? noRuns();
    },

    /**
     * Each current rule of the trader, in rule order, with its current run: the items of the
     * rule, latest session first, followed since the latest time it was broken.
     */
    async ruleRuns(userId: number) {
      const { rows } = await ruleRunsStatement(dialect, userId).execute(db);
      return rows.map((row) => ({
        ruleId: Number(row.ruleId),
        description: row.description,
        current: Number(row.current ?? 0),
      }));
    },

    /**
     * Per trader of `userIds` with checklist items between `from` and `to` (both included):
     * those items' counts, and the current rule broken in the most sessions there, or null;
     * ties: the lower follow rate (with equal broken counts, the fewer followed), then rule
     * order. A trader without items there is absent.
     */
    async weakestRulesOf(
      userIds: readonly number[],
      days: { from: string; to: string },
    ): Promise<Map<number, WeakestRuleOfDays>> {
      return byPages(userIds, async (page) => {
        const { rows } = await weakestRulesStatement(page, days).execute(db);
        return new Map(
          rows.map((row) => [
            Number(row.userId),
            {
              followedCount: Number(row.itemsFollowed),
              totalCount: Number(row.itemCount),
              weakestRule:
                row.ruleId === null || row.description === null || Number(row.brokenCount) === 0
                  ? null
                  : {
                      ruleId: Number(row.ruleId),
                      description: row.description,
                      brokenCount: Number(row.brokenCount),
                      followedCount: Number(row.followedCount),
                      totalCount: Number(row.totalCount),
                      complianceRate: Number(row.complianceRate),
                    },
            },
          ]),
        );
      });
    },

    /** The trader's `weakestRulesOf` the days: no items there reads as counts of 0. */
    async weakestRule(
      userId: number,
      days: { from: string; to: string },
    ): Promise<WeakestRuleOfDays> {
      return (await repository.weakestRulesOf([userId], days)).get(userId) ?? NOTHING_CHECKED;
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
  return repository;
}
