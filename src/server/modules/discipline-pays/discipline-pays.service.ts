import type { User } from '#shared/schemas/auth.ts';
import {
  DISCIPLINE_PAYS_MIN_SESSIONS,
  DISCIPLINE_PAYS_POINTS_LIMIT,
  type DisciplinePays,
  type DisciplinePaysQuery,
  type ResultBand,
  type ResultFigure,
  type RuleResult,
  type RuleSplit,
} from '#shared/schemas/discipline-pays.ts';
import { bandRange, COMPLIANCE_BAND_NAMES } from '#shared/compliance.ts';
import type { AppDatabase } from '../../db/client.ts';
import { analyticsWindows } from '../analytics/analytics.shape.ts';
import {
  createDisciplinePaysRepository,
  type ResultSums,
  type RuleRow,
} from './discipline-pays.repository.ts';

export type DisciplinePaysService = ReturnType<typeof createDisciplinePaysService>;

/**
 * `sum / count` in hundredths, rounded half away from zero ('half up' for a loss as for a gain:
 * -0.005 is -0.01), exactly: integer arithmetic on the SQL sums, which stay far below 2^53.
 */
export function averageHundredths(sum: number, count: number): number {
  const magnitude = Math.floor((2 * Math.abs(sum) + count) / (2 * count));
  return sum < 0 && magnitude > 0 ? -magnitude : magnitude;
}

const units = (hundredths: number) => hundredths / 100;

/** The average of a side in hundredths, or null when it has too few sessions to conclude. */
const sideAverage = ({ count, sum }: ResultSums) =>
  count < DISCIPLINE_PAYS_MIN_SESSIONS ? null : averageHundredths(sum, count);

function figure(sums: ResultSums): ResultFigure {
  const average = sideAverage(sums);
  return {
    sessions: sums.count,
    total: units(sums.sum),
    average: average === null ? null : units(average),
    insufficient: average === null,
  };
}

function split({ followed, broken }: { followed: ResultSums; broken: ResultSums }): RuleSplit {
  const followedAverage = sideAverage(followed);
  const brokenAverage = sideAverage(broken);
  const insufficient = followedAverage === null || brokenAverage === null;
  return {
    followed: {
      sessions: followed.count,
      average: followedAverage === null ? null : units(followedAverage),
    },
    broken: {
      sessions: broken.count,
      average: brokenAverage === null ? null : units(brokenAverage),
    },
    // Of the rounded averages, in hundredths: the figures on screen subtract exactly.
    difference: insufficient ? null : units(followedAverage - brokenAverage),
    insufficient,
  };
}

/**
 * The rule that costs most first: ranked by the difference in R where R has enough sessions on
 * both sides (R compares across accounts and currencies), then those ranked by money, then the
 * rules with too little data; the rule's id breaks ties. In privacy mode money ranks nothing,
 * so the order gives no money away either.
 */
export function rankRules(rules: RuleResult[]): RuleResult[] {
  const tier = (rule: RuleResult) =>
    rule.rankedBy === 'r' ? 0 : rule.rankedBy === 'money' ? 1 : 2;
  const difference = (rule: RuleResult) =>
    (rule.rankedBy === 'r' ? rule.r.difference : rule.money?.difference) ?? 0;
  return [...rules].sort(
    (a, b) => tier(a) - tier(b) || difference(b) - difference(a) || a.ruleId - b.ruleId,
  );
}

function ruleResult(row: RuleRow, hideMoney: boolean): RuleResult {
  const r = split(row.r);
  const money = hideMoney ? null : split(row.money);
  return {
    ruleId: row.ruleId,
    description: row.description,
    r,
    money,
    rankedBy: !r.insufficient ? 'r' : money && !money.insufficient ? 'money' : null,
  };
}

/** Does discipline pay: the trader's results by compliance band, per rule, and as a scatter. */
export function createDisciplinePaysService({ database }: { database: AppDatabase }) {
  const repository = createDisciplinePaysRepository(database);

  return {
    async getDisciplinePays(user: User, query: DisciplinePaysQuery): Promise<DisciplinePays> {
      const { hideMoney, currency } = user.preferences.results;
      const filter = { range: analyticsWindows(query).details, hideMoney };
      const [bandRows, ruleRows, pointRows] = await Promise.all([
        repository.bands(user.id, filter),
        repository.rules(user.id, filter),
        repository.points(user.id, filter, DISCIPLINE_PAYS_POINTS_LIMIT),
      ]);
      const empty = { count: 0, sum: 0 };
      const bands = COMPLIANCE_BAND_NAMES.map((band): ResultBand => {
        const row = bandRows.find((candidate) => candidate.band === band);
        const { min, max } = bandRange(band);
        return {
          band,
          minRating: min,
          maxRating: max,
          r: figure(row?.r ?? empty),
          money: hideMoney ? null : figure(row?.money ?? empty),
        };
      });
      const sessionCount = bandRows.reduce((total, row) => total + row.sessions, 0);
      return {
        currency,
        hideMoney,
        minSessions: DISCIPLINE_PAYS_MIN_SESSIONS,
        sessionCount,
        bands,
        rules: rankRules(ruleRows.map((row) => ruleResult(row, hideMoney))),
        points: pointRows.map((point) => ({
          sessionId: point.sessionId,
          date: point.date,
          rating: point.rating,
          resultR: point.resultR === null ? null : units(point.resultR),
          resultMoney: hideMoney || point.resultMoney === null ? null : units(point.resultMoney),
        })),
        pointsLimit: DISCIPLINE_PAYS_POINTS_LIMIT,
      };
    },
  };
}
