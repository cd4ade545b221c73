import { describe, expect, inject, test } from 'vitest';
import { databaseMigratedWith } from '#testing/migration-database.ts';
import * as initial from './0001-initial.ts';
import * as analyticsSummaries from './0002-analytics-summaries.ts';
import * as accounts from './0003-accounts.ts';
import * as discipline from './0004-discipline.ts';

for (const dialect of ['sqlite', 'postgres'] as const) {
  const isUnavailable = dialect === 'postgres' && !inject('postgresUrl');
  describe.skipIf(isUnavailable)(`the migration that adds results and notices [${dialect}]`, () => {
    test('existing traders get the defaults, existing sessions no result; notices are unique per period', async () => {
      const { database, drop } = await databaseMigratedWith(dialect, [
        initial,
        analyticsSummaries,
        accounts,
      ]);
      const { db } = database;
      try {
        const { id: userId } = await db
          .insertInto('users')
          .values({
            username: 'old',
            username_normalized: 'old',
            password_hash: 'x',
            full_name: 'Old Trader',
            email: 'old@example.com',
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        // Through `any`: the sessions table has no result columns yet.
        // eslint-disable-next-line @typescript-eslint/no-explicit-any
        await (db as any)
          .insertInto('trading_sessions')
          .values({
            user_id: userId,
            uid: 'old-session',
            name: 'Before the upgrade',
            session_date: '2026-03-14',
            session_type_id: 1,
            compliance_rating: 50,
            followed_count: 1,
            total_count: 2,
          })
          .execute();

        await discipline.up(db, dialect);

        expect(
          await db
            .selectFrom('users')
            .select([
              'currency',
              'hide_money',
              'share_discipline',
              'reminder_session_types',
              'reminder_minutes_before',
            ])
            .executeTakeFirstOrThrow(),
        ).toEqual({
          currency: 'USD',
          hide_money: dialect === 'sqlite' ? 0 : false,
          share_discipline: dialect === 'sqlite' ? 0 : false,
          reminder_session_types: '[]',
          reminder_minutes_before: 15,
        });
        expect(
          await db
            .selectFrom('trading_sessions')
            .select(['result_money', 'result_r'])
            .executeTakeFirstOrThrow(),
        ).toEqual({ result_money: null, result_r: null });

        // One notice per trader, kind and period: the jobs' "never twice" rests on it.
        const notice = {
          user_id: userId,
          kind: 'weekly_report' as const,
          period_key: '2026-W11',
          payload: '{}',
        };
        await db.insertInto('notices').values(notice).execute();
        await expect(db.insertInto('notices').values(notice).execute()).rejects.toThrow();
        await expect(
          db
            .insertInto('notices')
            .values({ ...notice, period_key: '2026-W12', kind: 'unknown' as never })
            .execute(),
        ).rejects.toThrow();
      } finally {
        await drop();
      }
    });
  });
}
