import type { AppDatabase } from '../../db/client.ts';
import { toBool } from '../../db/dialect.ts';
import type { UserRow } from '../../db/schema.ts';

export interface StoredSession {
  id: string;
  userId: number;
  expiresAt: Date;
  isPersistent: boolean;
}

export type AuthSessionsRepository = ReturnType<typeof createAuthSessionsRepository>;

export function createAuthSessionsRepository({ db }: AppDatabase) {
  return {
    async createSession(session: StoredSession): Promise<void> {
      await db
        .insertInto('auth_sessions')
        .values({
          id: session.id,
          user_id: session.userId,
          expires_at: session.expiresAt.toISOString(),
          is_persistent: session.isPersistent,
        })
        .execute();
    },

    /** The session and its user in one query. */
    async findSessionWithUser(
      id: string,
    ): Promise<{ session: StoredSession; user: UserRow } | undefined> {
      const row = await db
        .selectFrom('auth_sessions')
        .innerJoin('users', 'users.id', 'auth_sessions.user_id')
        .selectAll('users')
        .select([
          'auth_sessions.id as session_id',
          'auth_sessions.expires_at as session_expires_at',
          'auth_sessions.is_persistent as session_is_persistent',
        ])
        .where('auth_sessions.id', '=', id)
        .executeTakeFirst();
      if (!row) return undefined;
      const { session_id, session_expires_at, session_is_persistent, ...user } = row;
      return {
        session: {
          id: session_id,
          userId: user.id,
          expiresAt: new Date(session_expires_at),
          isPersistent: toBool(session_is_persistent),
        },
        user,
      };
    },

    async extendSession(id: string, expiresAt: Date): Promise<void> {
      await db
        .updateTable('auth_sessions')
        .set({ expires_at: expiresAt.toISOString() })
        .where('id', '=', id)
        .execute();
    },

    async deleteSession(id: string): Promise<void> {
      await db.deleteFrom('auth_sessions').where('id', '=', id).execute();
    },

    async deleteExpiredSessions(now: Date): Promise<void> {
      await db.deleteFrom('auth_sessions').where('expires_at', '<', now.toISOString()).execute();
    },
  };
}
