import { sql, type SqlBool } from 'kysely';
import type { AppDatabase } from '../../db/client.ts';
import { LATEST_KEY_PREFIX_LENGTH, latestKey, maxLatestKey } from '../../db/dialect.ts';
import type { DayRange } from '../analytics/analytics.shape.ts';
import { COMPLIANCE_BANDS } from '#shared/constants.ts';

/** Which sessions count: those with a result, R only in privacy mode. */
export interface ResultFilter {
  range: DayRange;
  /** Privacy mode: a money result does not make a session count. */
  hideMoney: boolean;
}

/** Counts and sums of one kind of result, in integer hundredths. */
export interface ResultSums {
  count: number;
  sum: number;
}

export interface BandRow {
  band: 'green' | 'amber' | 'red';
  /** Sessions with a result that counts (R only in privacy mode). */
  sessions: number;
  r: ResultSums;
  money: ResultSums;
}

export interface RuleRow {
  ruleId: number;
  description: string;
  r: { followed: ResultSums; broken: ResultSums };
  money: { followed: ResultSums; broken: ResultSums };
}

export interface PointRow {
  sessionId: number;
  date: string;
  rating: number;
  resultR: number | null;
  resultMoney: number | null;
}

const sums = (count: unknown, sum: unknown): ResultSums => ({
  count: Number(count ?? 0),
  sum: Number(sum ?? 0),
});

/**
 * The sessions' results, counted and summed in SQL over integer hundredths (exact, and the same
 * on both databases; PostgreSQL's bigint sums arrive as numbers through `db/postgres.ts`, and
 * are converted with `Number` anyway). The averages are divided out by the service, from these
 * integers. Every statement reads one trader's sessions of a range through the
 * `trading_sessions_user_date` index.
 */
export function createDisciplinePaysRepository({ db, dialect }: AppDatabase) {
  /** The trader's sessions of the range. */
  const inRange = (userId: number, { from, to }: DayRange) =>
    sql.join(
      [
        sql<SqlBool>`s.user_id = ${userId}`,
        ...(from ? [sql<SqlBool>`s.session_date >= ${from}`] : []),
        ...(to ? [sql<SqlBool>`s.session_date <= ${to}`] : []),
      ],
      sql` and `,
    );

  /** The trader's sessions of the range that have a result. */
  const counted = (userId: number, { range, hideMoney }: ResultFilter) =>
    sql<SqlBool>`${inRange(userId, range)} and ${
      hideMoney
        ? sql<SqlBool>`s.result_r is not null`
        : sql<SqlBool>`(s.result_r is not null or s.result_money is not null)`
    }`;

  return {
    /** Per compliance band (only those with sessions): count and sum of each kind of result. */
    async bands(userId: number, filter: ResultFilter): Promise<BandRow[]> {
      const { rows } = await sql<{
        band: BandRow['band'];
        sessions: number;
        rCount: number;
        rSum: number;
        moneyCount: number;
        moneySum: number;
      }>`
        select band, count(*) as sessions, count(result_r) as "rCount", sum(result_r) as "rSum",
          count(result_money) as "moneyCount", sum(result_money) as "moneySum"
        from (
          select case
              when s.compliance_rating >= ${sql.lit(COMPLIANCE_BANDS.green)} then 'green'
              when s.compliance_rating >= ${sql.lit(COMPLIANCE_BANDS.amber)} then 'amber'
              else 'red' end as band,
            s.result_r, s.result_money
          from trading_sessions s
          where ${counted(userId, filter)}
        ) as banded
        group by band
      `.execute(db);
      return rows.map((row) => ({
        band: row.band,
        sessions: Number(row.sessions),
        r: sums(row.rCount, row.rSum),
        money: sums(row.moneyCount, row.moneySum),
      }));
    },

    /**
     * Per rule held by a session of the range that has a result: each kind of result's count
     * and sum where the rule was followed and where it was broken, and the rule's description
     * as saved in its latest session of the range (as the analytics name it).
     */
    async rules(userId: number, filter: ResultFilter): Promise<RuleRow[]> {
      const followed = sql.ref<SqlBool>('r.followed');
      const side = (column: 'result_r' | 'result_money', kept: boolean) => {
        const value = kept
          ? sql`case when ${followed} then ${sql.ref(`s.${column}`)} end`
          : sql`case when ${followed} then null else ${sql.ref(`s.${column}`)} end`;
        return { count: sql`count(${value})`, sum: sql`sum(${value})` };
      };
      const rFollowed = side('result_r', true);
      const rBroken = side('result_r', false);
      const moneyFollowed = side('result_money', true);
      const moneyBroken = side('result_money', false);
      const hasResult = filter.hideMoney
        ? sql<SqlBool>`count(s.result_r) > 0`
        : sql<SqlBool>`count(s.result_r) + count(s.result_money) > 0`;
      // Every session of the range that held the rule names it (its latest one), but only those
      // with a result are counted: a rule of none of them is left out.
      const { rows } = await sql<Record<string, unknown>>`
        select r.rule_id as "ruleId",
          substr(${maxLatestKey(
            dialect,
            latestKey(
              dialect,
              sql.ref('s.session_date'),
              sql.ref('r.session_id'),
              sql.ref('r.rule_description'),
            ),
          )}, ${LATEST_KEY_PREFIX_LENGTH + 1}) as description,
          ${rFollowed.count} as "rFollowedCount", ${rFollowed.sum} as "rFollowedSum",
          ${rBroken.count} as "rBrokenCount", ${rBroken.sum} as "rBrokenSum",
          ${moneyFollowed.count} as "moneyFollowedCount", ${moneyFollowed.sum} as "moneyFollowedSum",
          ${moneyBroken.count} as "moneyBrokenCount", ${moneyBroken.sum} as "moneyBrokenSum"
        from trading_sessions s
        join session_rule_results r on r.session_id = s.id
        where ${inRange(userId, filter.range)}
        group by r.rule_id
        having ${hasResult}
      `.execute(db);
      return rows.map((row) => ({
        ruleId: Number(row['ruleId']),
        description: String(row['description']),
        r: {
          followed: sums(row['rFollowedCount'], row['rFollowedSum']),
          broken: sums(row['rBrokenCount'], row['rBrokenSum']),
        },
        money: {
          followed: sums(row['moneyFollowedCount'], row['moneyFollowedSum']),
          broken: sums(row['moneyBrokenCount'], row['moneyBrokenSum']),
        },
      }));
    },

    /** The latest `limit` sessions with a result, latest first (by day, then id). */
    async points(userId: number, filter: ResultFilter, limit: number): Promise<PointRow[]> {
      const { rows } = await sql<{
        sessionId: number;
        date: string;
        rating: number;
        resultR: number | null;
        resultMoney: number | null;
      }>`
        select s.id as "sessionId", s.session_date as date, s.compliance_rating as rating,
          s.result_r as "resultR", s.result_money as "resultMoney"
        from trading_sessions s
        where ${counted(userId, filter)}
        order by s.session_date desc, s.id desc
        limit ${limit}
      `.execute(db);
      return rows.map((row) => ({
        sessionId: Number(row.sessionId),
        date: String(row.date),
        rating: Number(row.rating),
        resultR: row.resultR === null ? null : Number(row.resultR),
        resultMoney: row.resultMoney === null ? null : Number(row.resultMoney),
      }));
    },
  };
}
