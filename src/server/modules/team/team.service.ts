import type { Analytics, AnalyticsQuery } from '#shared/schemas/analytics.ts';
import type { Streaks } from '#shared/schemas/discipline.ts';
import { MAX_ID } from '#shared/schemas/common.ts';
import {
  DEFAULT_ORDER,
  SORT_ORDERS,
  TEAM_SORTS,
  type Team,
  type TeamMember,
  type TeamQuery,
  type TeamSort,
  type TeamTrader,
} from '#shared/schemas/team.ts';
import { whyNoWeakestRuleOf } from '#shared/weakest-rule.ts';
import { z } from '#shared/zod.ts';
import type { AppDatabase } from '../../db/client.ts';
import { encodeCursor, invalidCursor, readCursor } from '../../db/keyset-cursor.ts';
import { createAnalyticsService } from '../analytics/analytics.service.ts';
import { NOTHING_CHECKED } from '../discipline/discipline.repository.ts';
import { createDisciplineService } from '../discipline/discipline.service.ts';
import { traderNotFound } from './team.errors.ts';
import { createTeamRepository } from './team.repository.ts';

export type TeamService = ReturnType<typeof createTeamService>;

/** What orders a trader in the list: the sorted column's figure, then the name. */
interface TeamPosition {
  figure: number | null;
  fullName: string;
  username: string;
  id: number;
}

// One collator for every comparison: `localeCompare` with options builds one per call, and a
// company's list is sorted with tens of thousands of them.
const names = new Intl.Collator('en', { sensitivity: 'base' });
const usernames = new Intl.Collator('en');

const byName = (a: TeamPosition, b: TeamPosition) =>
  names.compare(a.fullName, b.fullName) || usernames.compare(a.username, b.username) || a.id - b.id;

/** `compliance − previousCompliance` in points; null when either is null. */
const trendOf = (figures: { compliance: number | null; previousCompliance: number | null }) =>
  figures.compliance === null || figures.previousCompliance === null
    ? null
    : figures.compliance - figures.previousCompliance;

/**
 * The team list's order. A trader without the figure (no session in the window) comes last in
 * either order; equal figures fall back to the name, A to Z. A total order (the id ends every
 * tie), so a position says where a page ends.
 */
function teamOrder({ sort, order }: Pick<TeamQuery, 'sort' | 'order'>) {
  const direction = (order ?? DEFAULT_ORDER[sort]) === 'asc' ? 1 : -1;
  return (a: TeamPosition, b: TeamPosition): number => {
    if (sort === 'name') return direction * byName(a, b);
    const [x, y] = [a.figure, b.figure];
    if (x === null || y === null) return x === y ? byName(a, b) : x === null ? 1 : -1;
    return direction * (x - y) || byName(a, b);
  };
}

/**
 * A page's end: the order it was read in and the last trader's sort key. The key holds the
 * name, so the next page starts right after it even when that trader stopped sharing or other
 * traders started meanwhile (keyset paging, as every list); a cursor of another order is
 * refused rather than read in the wrong one.
 */
const teamCursorSchema = z.tuple([
  z.enum(TEAM_SORTS),
  z.enum(SORT_ORDERS),
  z.nullable(z.int()),
  z.string(),
  z.string(),
  z.int().check(z.gte(1), z.lte(MAX_ID)),
]);

/**
 * The company view. Only traders who share their discipline figures are read, and only those
 * figures: the answers are built from named fields, never from a user or session row.
 */
export function createTeamService({ database }: { database: AppDatabase }) {
  const team = createTeamRepository(database);
  // The trader's own figures, computed exactly as the trader's own pages get them.
  const analytics = createAnalyticsService({ database });
  const discipline = createDisciplineService({ database });

  /**
   * Every sharer's place in the order, from what the order needs and nothing more: the names
   * alone by name; the 30 days' figures by compliance or trend; the names and current streaks
   * by streak.
   */
  async function positionsOf(sort: TeamSort, today: string): Promise<TeamPosition[]> {
    if (sort === 'compliance' || sort === 'trend') {
      return (await team.sharingTraders(today)).map(({ id, username, fullName, ...figures }) => ({
        id,
        username,
        fullName,
        figure: sort === 'compliance' ? figures.compliance : trendOf(figures),
      }));
    }
    const traders = await team.sharingTraderNames();
    if (sort === 'name') return traders.map((trader) => ({ ...trader, figure: null }));
    const streaks = await discipline.currentStreaksOf(traders.map((trader) => trader.id));
    return traders.map((trader) => ({ ...trader, figure: streaks.get(trader.id) ?? 0 }));
  }

  /**
   * A page of the sharing traders in the asked order, then the weakest rules of the page's
   * traders alone (decision 59).
   */
  async function listTeam(query: TeamQuery): Promise<Team> {
    const { sort, limit } = query;
    const order = query.order ?? DEFAULT_ORDER[sort];
    const after = readCursor(query.cursor, teamCursorSchema);
    if (after && (after[0] !== sort || after[1] !== order)) throw invalidCursor();

    const compare = teamOrder({ sort, order });
    const positions = (await positionsOf(sort, query.today)).sort(compare);
    let first = 0;
    if (after) {
      const [, , figure, fullName, username, id] = after;
      const cursor = { figure, fullName, username, id };
      first = positions.findIndex((position) => compare(position, cursor) > 0);
      if (first === -1) first = positions.length;
    }
    const page = positions.slice(first, first + limit);

    // The page's traders' streaks and weakest rules, then their figures, read again for them
    // alone and last: one who stopped sharing since, or while the others were read, has no
    // figures and is left out with all of them (as the drill-down checks after its reads).
    const ids = page.map((trader) => trader.id);
    const [streaks, weakestRules] = await Promise.all([
      discipline.currentStreaksOf(ids),
      discipline.weakestRulesOf(ids, query.today),
    ]);
    const rows = await team.sharingTraders(query.today, ids);
    const figuresById = new Map(rows.map((row) => [row.id, row]));
    // The next page starts after the last trader shown, never one left out: the cursor is
    // readable, and would carry the figure of a trader who has just stopped sharing. Every
    // one of them left out, the page is read again: the next read no longer sees them.
    const last = page.findLast((trader) => figuresById.has(trader.id));
    if (page.length > 0 && !last) return listTeam(query);
    return {
      traders: page.flatMap((trader): TeamMember[] => {
        const figures = figuresById.get(trader.id);
        if (!figures) return [];
        // The 30 days' items read with the weakest rule: none read means nothing checked.
        const days = weakestRules.get(trader.id) ?? NOTHING_CHECKED;
        const weakest = days.weakestRule;
        return [
          {
            id: figures.id,
            username: figures.username,
            fullName: figures.fullName,
            compliance: figures.compliance,
            sessionCount: figures.sessionCount,
            previousCompliance: figures.previousCompliance,
            previousSessionCount: figures.previousSessionCount,
            trend: trendOf(figures),
            currentStreak: streaks.get(figures.id) ?? 0,
            weakestRule: weakest
              ? { description: weakest.description, complianceRate: weakest.complianceRate }
              : null,
            whyNoWeakestRule: whyNoWeakestRuleOf(days),
          },
        ];
      }),
      nextCursor:
        last && first + limit < positions.length
          ? encodeCursor([sort, order, last.figure, last.fullName, last.username, last.id])
          : null,
    };
  }

  return {
    listTeam,

    /**
     * One sharing trader's analytics and streaks. Sharing is checked before the figures are
     * read and again after: a trader who stops sharing while the figures are being read gets
     * the same 404 as one who never shared, and nothing of theirs leaves.
     */
    async traderAnalytics(
      userId: number,
      query: AnalyticsQuery,
    ): Promise<{ trader: TeamTrader; analytics: Analytics; streaks: Streaks }> {
      if (!(await team.findSharingTrader(userId))) throw traderNotFound();
      const [figures, streaks] = await Promise.all([
        analytics.getAnalytics(userId, query),
        discipline.streaks(userId),
      ]);
      const trader = await team.findSharingTrader(userId);
      if (!trader) throw traderNotFound();
      return { trader, analytics: figures, streaks };
    },
  };
}
