import type { Analytics, AnalyticsQuery } from '#shared/schemas/analytics.ts';
import type { Streaks } from '#shared/schemas/discipline.ts';
import {
  DEFAULT_ORDER,
  type Team,
  type TeamMember,
  type TeamQuery,
  type TeamTrader,
} from '#shared/schemas/team.ts';
import type { AppDatabase } from '../../db/client.ts';
import { createAnalyticsService } from '../analytics/analytics.service.ts';
import { createDisciplineService } from '../discipline/discipline.service.ts';
import { traderNotFound } from './team.errors.ts';
import { createTeamRepository } from './team.repository.ts';

export type TeamService = ReturnType<typeof createTeamService>;

const byName = (a: TeamMember, b: TeamMember) =>
  a.fullName.localeCompare(b.fullName, 'en', { sensitivity: 'base' }) ||
  a.username.localeCompare(b.username, 'en') ||
  a.id - b.id;

/**
 * The team list in the asked order. A trader without the figure (no session in the window)
 * comes last in either order; equal figures fall back to the name, A to Z.
 */
export function sortTeam(traders: TeamMember[], { sort, order }: TeamQuery): TeamMember[] {
  const direction = (order ?? DEFAULT_ORDER[sort]) === 'asc' ? 1 : -1;
  if (sort === 'name') return [...traders].sort((a, b) => direction * byName(a, b));
  const figure = (trader: TeamMember): number | null =>
    sort === 'compliance'
      ? trader.compliance
      : sort === 'trend'
        ? trader.trend
        : trader.currentStreak;
  return [...traders].sort((a, b) => {
    const x = figure(a);
    const y = figure(b);
    if (x === null || y === null) return x === y ? byName(a, b) : x === null ? 1 : -1;
    return direction * (x - y) || byName(a, b);
  });
}

/**
 * The company view. Only traders who share their discipline figures are read, and only those
 * figures: the answers are built from named fields, never from a user or session row.
 */
export function createTeamService({ database }: { database: AppDatabase }) {
  const team = createTeamRepository(database);
  // The trader's own figures, computed exactly as the trader's own pages get them.
  const analytics = createAnalyticsService({ database });
  const discipline = createDisciplineService({ database });

  return {
    async listTeam(query: TeamQuery): Promise<Team> {
      const rows = await team.sharingTraders(query.today);
      const ids = rows.map((row) => row.id);
      const [runs, weakestRules] = await Promise.all([
        discipline.sessionStreaksOf(ids),
        discipline.weakestRulesOf(ids, query.today),
      ]);
      const traders = rows.map((row): TeamMember => {
        const weakest = weakestRules.get(row.id);
        return {
          id: row.id,
          username: row.username,
          fullName: row.fullName,
          compliance: row.compliance,
          sessionCount: row.sessionCount,
          previousCompliance: row.previousCompliance,
          previousSessionCount: row.previousSessionCount,
          trend:
            row.compliance === null || row.previousCompliance === null
              ? null
              : row.compliance - row.previousCompliance,
          currentStreak: runs.get(row.id)?.excellent.current ?? 0,
          weakestRule: weakest
            ? { description: weakest.description, complianceRate: weakest.complianceRate }
            : null,
        };
      });
      return { traders: sortTeam(traders, query) };
    },

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
