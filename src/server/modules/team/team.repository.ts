import { sql } from 'kysely';
import { addDays } from '#shared/calendar.ts';
import type { AppDatabase } from '../../db/client.ts';
import { percentage } from '../../db/dialect.ts';

/** The dashboard's window: 30 calendar days ending on today, today included. */
export const WINDOW_DAYS = 30;

export interface SharingTraderFigures {
  id: number;
  username: string;
  fullName: string;
  sessionCount: number;
  compliance: number | null;
  /** The checklist items of the 30 days' sessions, and those of them followed. */
  followedCount: number;
  totalCount: number;
  previousSessionCount: number;
  previousCompliance: number | null;
}

/**
 * The company view's reads. Every one of them is limited to users who share their discipline
 * figures (`users.share_discipline`), in the same statement that reads the figures.
 */
export function createTeamRepository({ db }: AppDatabase) {
  return {
    /** Every sharing trader's name, for the list's order by name. */
    async sharingTraderNames(): Promise<{ id: number; username: string; fullName: string }[]> {
      const rows = await db
        .selectFrom('users')
        .select(['id', 'username', 'full_name'])
        .where('share_discipline', '=', true)
        .execute();
      return rows.map((row) => ({
        id: Number(row.id),
        username: row.username,
        fullName: row.full_name,
      }));
    },

    /**
     * Each sharing trader, or each of `ids` who shares, with the sessions and compliance of the
     * 30 days ending on `today` and of the 30 days before them: one statement over the
     * sessions of the 60 days (the `(user_id, session_date, id)` index), whatever the number of
     * traders.
     */
    async sharingTraders(today: string, ids?: readonly number[]): Promise<SharingTraderFigures[]> {
      if (ids?.length === 0) return [];
      const from = addDays(today, 1 - WINDOW_DAYS);
      const previousFrom = addDays(from, -WINDOW_DAYS);
      const isCurrent = sql`s.session_date >= ${from}`;
      const followed = sql<number>`coalesce(sum(case when ${isCurrent} then s.followed_count else 0 end), 0)`;
      const total = sql<number>`coalesce(sum(case when ${isCurrent} then s.total_count else 0 end), 0)`;
      const previousFollowed = sql<number>`coalesce(sum(case when ${isCurrent} then 0 else s.followed_count end), 0)`;
      const previousTotal = sql<number>`coalesce(sum(case when ${isCurrent} then 0 else s.total_count end), 0)`;
      const rows = await db
        .selectFrom('users as u')
        .leftJoin('trading_sessions as s', (join) =>
          join
            .onRef('s.user_id', '=', 'u.id')
            .on('s.session_date', '>=', previousFrom)
            .on('s.session_date', '<=', today),
        )
        .where('u.share_discipline', '=', true)
        .$if(ids !== undefined, (query) => query.where('u.id', 'in', ids ?? []))
        .groupBy(['u.id', 'u.username', 'u.full_name'])
        .select([
          'u.id as id',
          'u.username as username',
          'u.full_name as fullName',
          sql<number>`sum(case when s.id is not null and ${isCurrent} then 1 else 0 end)`.as(
            'sessionCount',
          ),
          sql<number>`sum(case when s.id is not null and not (${isCurrent}) then 1 else 0 end)`.as(
            'previousSessionCount',
          ),
          percentage(followed, total).as('compliance'),
          followed.as('followedCount'),
          total.as('totalCount'),
          percentage(previousFollowed, previousTotal).as('previousCompliance'),
        ])
        .execute();
      return rows.map((row) => {
        const sessionCount = Number(row.sessionCount);
        const previousSessionCount = Number(row.previousSessionCount);
        return {
          id: Number(row.id),
          username: row.username,
          fullName: row.fullName,
          sessionCount,
          compliance: sessionCount > 0 ? Number(row.compliance) : null,
          followedCount: Number(row.followedCount),
          totalCount: Number(row.totalCount),
          previousSessionCount,
          previousCompliance: previousSessionCount > 0 ? Number(row.previousCompliance) : null,
        };
      });
    },

    /** The trader when they exist and share their figures; undefined otherwise, either way. */
    async findSharingTrader(userId: number) {
      const row = await db
        .selectFrom('users')
        .select(['id', 'username', 'full_name'])
        .where('id', '=', userId)
        .where('share_discipline', '=', true)
        .executeTakeFirst();
      return row && { id: Number(row.id), username: row.username, fullName: row.full_name };
    },
  };
}
