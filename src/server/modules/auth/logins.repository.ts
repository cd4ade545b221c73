import type { SqlBool } from 'kysely';
import type { AppDatabase } from '../../db/client.ts';
import { toBool } from '../../db/dialect.ts';
import { prepareQuery } from '../../db/prepared-query.ts';
import type { UserRecord } from '../../db/schema.ts';
import { userColumns } from '../users/users.repository.ts';

/** A login as stored: `id` is the hash of the cookie token. */
export interface StoredLogin {
  id: string;
  userId: number;
  createdAt: Date;
  expiresAt: Date;
  isPersistent: boolean;
}

const userColumnsOfJoin = userColumns.map((column) => `users.${column}` as const);

/** The login and its user in one query: the cost of every authenticated request. */
const selectLoginWithUser = prepareQuery<{ id: string }, LoginWithUserRow>((db, param) =>
  db
    .selectFrom('auth_sessions')
    .innerJoin('users', 'users.id', 'auth_sessions.user_id')
    .select(userColumnsOfJoin)
    .select([
      'auth_sessions.created_at as login_created_at',
      'auth_sessions.expires_at as login_expires_at',
      'auth_sessions.is_persistent as login_is_persistent',
    ])
    .where('auth_sessions.id', '=', param('id')),
);

type LoginWithUserRow = UserRecord & {
  login_created_at: string;
  login_expires_at: string;
  login_is_persistent: SqlBool;
};

export type LoginsRepository = ReturnType<typeof createLoginsRepository>;

/** The `auth_sessions` table: one row per logged-in browser. */
export function createLoginsRepository({ db }: AppDatabase) {
  return {
    async createLogin(login: StoredLogin): Promise<void> {
      await db
        .insertInto('auth_sessions')
        .values({
          id: login.id,
          user_id: login.userId,
          created_at: login.createdAt.toISOString(),
          expires_at: login.expiresAt.toISOString(),
          is_persistent: login.isPersistent,
        })
        .execute();
    },

    async findLoginWithUser(
      id: string,
    ): Promise<{ login: StoredLogin; user: UserRecord } | undefined> {
      const [row] = await selectLoginWithUser(db, { id });
      if (!row) return undefined;
      const { login_created_at, login_expires_at, login_is_persistent, ...user } = row;
      return {
        login: {
          id,
          userId: user.id,
          createdAt: new Date(login_created_at),
          expiresAt: new Date(login_expires_at),
          isPersistent: toBool(login_is_persistent),
        },
        user,
      };
    },

    async extendLogin(id: string, expiresAt: Date): Promise<void> {
      await db
        .updateTable('auth_sessions')
        .set({ expires_at: expiresAt.toISOString() })
        .where('id', '=', id)
        .execute();
    },

    async deleteLogin(id: string): Promise<void> {
      await db.deleteFrom('auth_sessions').where('id', '=', id).execute();
    },

    async deleteExpiredLogins(now: Date): Promise<void> {
      await db.deleteFrom('auth_sessions').where('expires_at', '<', now.toISOString()).execute();
    },
  };
}
