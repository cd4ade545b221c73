import { describe, expect, inject, test } from 'vitest';
import { databaseMigratedWith } from '#testing/migration-database.ts';
import * as initial from './0001-initial.ts';
import * as analyticsSummaries from './0002-analytics-summaries.ts';
import * as accounts from './0003-accounts.ts';

for (const dialect of ['sqlite', 'postgres'] as const) {
  const isUnavailable = dialect === 'postgres' && !inject('postgresUrl');
  describe.skipIf(isUnavailable)(`the migration that adds the account columns [${dialect}]`, () => {
    test('gives existing sessions distinct uids, logins a last use, users the system theme', async () => {
      // A database as the previous release left it: migrated up to 0002 only.
      const { database, drop } = await databaseMigratedWith(dialect, [initial, analyticsSummaries]);
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
        const session = {
          user_id: userId,
          name: 'Before the upgrade',
          session_date: '2026-03-14',
          session_type_id: 1,
          compliance_rating: 50,
          followed_count: 1,
          total_count: 2,
          screenshot_ref: null,
          notes: null,
        };
        // Through `any`: the sessions table had no uid yet.
        // eslint-disable-next-line @typescript-eslint/no-explicit-any
        const before = db as any;
        await before.insertInto('trading_sessions').values([session, session, session]).execute();
        await before
          .insertInto('auth_sessions')
          .values({
            id: 'login-hash',
            user_id: userId,
            expires_at: '2026-12-01T00:00:00.000Z',
            is_persistent: dialect === 'sqlite' ? 1 : true,
            created_at: '2026-11-01T08:00:00.000Z',
          })
          .execute();

        await accounts.up(db, dialect);

        const uids = (await db.selectFrom('trading_sessions').select('uid').execute()).map(
          (row) => row.uid,
        );
        expect(uids).toHaveLength(3);
        expect(new Set(uids).size).toBe(3);
        for (const uid of uids) expect(uid).toMatch(/^[0-9a-f]{32}$/);

        const login = await db
          .selectFrom('auth_sessions')
          .select(['created_at', 'last_used_at', 'user_agent'])
          .executeTakeFirstOrThrow();
        expect(new Date(login.last_used_at!).getTime()).toBe(new Date(login.created_at).getTime());
        expect(login.user_agent).toBeNull();

        const user = await db.selectFrom('users').select('theme').executeTakeFirstOrThrow();
        expect(user.theme).toBe('system');

        // A uid is unique per trader: the import's "nothing twice" rests on it.
        await expect(
          before
            .insertInto('trading_sessions')
            .values({ ...session, uid: uids[0] })
            .execute(),
        ).rejects.toThrow();
      } finally {
        await drop();
      }
    });
  });
}
