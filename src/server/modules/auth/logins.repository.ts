import { sql, type SqlBool } from 'kysely';
import type { AppDatabase } from '../../db/client.ts';
import { toBool } from '../../db/dialect.ts';
import { prepareQuery } from '../../db/prepared-query.ts';
import type { UserRecord } from '../../db/schema.ts';
import type { TraderVersions } from '../analytics/kept-answers.ts';
import { userColumns } from '../users/users.repository.ts';

/** A login as stored: `id` is the hash of the cookie token. */
export interface StoredLogin {
  id: string;
  userId: number;
  createdAt: Date;
  expiresAt: Date;
  isPersistent: boolean;
  /** Null for logins stored before it was kept, or when it was not worth keeping. */
  lastUsedAt: Date | null;
}

/** A login with its device, for the list of active logins. */
export interface ListedLogin extends StoredLogin {
  userAgent: string | null;
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
      'auth_sessions.last_used_at as login_last_used_at',
      'users.summaries_version as sessions_version',
      'users.rules_version as rules_version',
    ])
    // The id goes in through a cast: SQLite 3.54 (the driver on Node 22 and later) marks a
    // key bound bare in a join as one whose value may change the plan, and better-sqlite3,
    // clearing the bindings after each run, then has SQLite prepare the statement again every
    // time: 30 µs a lookup instead of 8 (docs/performance.md, "On Node 24"). The plan is the
    // same on both databases: the login by its key, then its user.
    .where('auth_sessions.id', '=', sql<string>`cast(${param('id')} as text)`),
);

type LoginWithUserRow = UserRecord & {
  login_created_at: string;
  login_expires_at: string;
  login_is_persistent: SqlBool;
  login_last_used_at: string | null;
  sessions_version: string;
  rules_version: string;
};

/** A login, its user, and the versions of the user's data read with them. */
export interface LoginWithUser {
  login: StoredLogin;
  user: UserRecord;
  /** What answers kept from the user's data are checked against (`kept-answers.ts`). */
  versions: TraderVersions;
}

const toDateOrNull = (value: string | null) => (value === null ? null : new Date(value));

export type LoginsRepository = ReturnType<typeof createLoginsRepository>;

/** The `auth_sessions` table: one row per logged-in browser. */
export function createLoginsRepository({ db, dialect }: AppDatabase) {
  return {
    async createLogin(login: StoredLogin & { userAgent: string | null }): Promise<void> {
      await db
        .insertInto('auth_sessions')
        .values({
          id: login.id,
          user_id: login.userId,
          created_at: login.createdAt.toISOString(),
          expires_at: login.expiresAt.toISOString(),
          is_persistent: login.isPersistent,
          user_agent: login.userAgent,
          last_used_at: login.lastUsedAt?.toISOString() ?? null,
        })
        .execute();
    },

    async findLoginWithUser(id: string): Promise<LoginWithUser | undefined> {
      const [row] = await selectLoginWithUser(db, { id });
      if (!row) return undefined;
      const {
        login_created_at,
        login_expires_at,
        login_is_persistent,
        login_last_used_at,
        sessions_version,
        rules_version,
        ...user
      } = row;
      return {
        login: {
          id,
          userId: user.id,
          createdAt: new Date(login_created_at),
          expiresAt: new Date(login_expires_at),
          isPersistent: toBool(login_is_persistent),
          lastUsedAt: toDateOrNull(login_last_used_at),
        },
        user,
        versions: { sessions: sessions_version, rules: rules_version },
      };
    },

    /** Records a use of the login; with `expiresAt`, also moves its idle end. */
    async touchLogin(id: string, lastUsedAt: Date, expiresAt?: Date): Promise<void> {
      await db
        .updateTable('auth_sessions')
        .set({
          last_used_at: lastUsedAt.toISOString(),
          ...(expiresAt ? { expires_at: expiresAt.toISOString() } : {}),
        })
        .where('id', '=', id)
        .execute();
    },

    /**
     * The logins of one user that have not reached their stored end, most recently used
     * first; at most `limit` of them when given. `first` (a login's id) comes before the
     * others whenever it is among them: a last use is stored at most every five minutes, so
     * the login asking may read as older than a hundred others.
     */
    async listLoginsOfUser(
      userId: number,
      now: Date,
      { limit, first }: { limit?: number; first?: string } = {},
    ): Promise<ListedLogin[]> {
      const rows = await db
        .selectFrom('auth_sessions')
        .select(['id', 'created_at', 'expires_at', 'is_persistent', 'last_used_at', 'user_agent'])
        .where('user_id', '=', userId)
        .where('expires_at', '>', now.toISOString())
        .$if(first !== undefined, (query) =>
          query.orderBy(sql`case when id = ${first ?? ''} then 0 else 1 end`),
        )
        .orderBy('last_used_at', (order) => order.desc().nullsLast())
        .orderBy('created_at', 'desc')
        .orderBy('id')
        .$if(limit !== undefined, (query) => query.limit(limit ?? 0))
        .execute();
      return rows.map((row) => ({
        id: row.id,
        userId,
        createdAt: new Date(row.created_at),
        expiresAt: new Date(row.expires_at),
        isPersistent: toBool(row.is_persistent),
        lastUsedAt: toDateOrNull(row.last_used_at),
        userAgent: row.user_agent,
      }));
    },

    /** True while the login is stored for that user (it may have been ended meanwhile). */
    async hasLoginOfUser(userId: number, id: string): Promise<boolean> {
      const row = await db
        .selectFrom('auth_sessions')
        .select('id')
        .where('user_id', '=', userId)
        .where('id', '=', id)
        .executeTakeFirst();
      return row !== undefined;
    },

    async deleteLogin(id: string): Promise<void> {
      await db.deleteFrom('auth_sessions').where('id', '=', id).execute();
    },

    /** Deletes one login of one user; false when that user has no such login. */
    async deleteLoginOfUser(userId: number, id: string): Promise<boolean> {
      const result = await db
        .deleteFrom('auth_sessions')
        .where('user_id', '=', userId)
        .where('id', '=', id)
        .executeTakeFirst();
      return result.numDeletedRows > 0n;
    },

    /** Deletes every login of one user but `keepId`, ended or not; answers what went. */
    async deleteOtherLoginsOfUser(
      userId: number,
      keepId: string,
    ): Promise<Pick<StoredLogin, 'createdAt' | 'expiresAt' | 'isPersistent'>[]> {
      const rows = await db
        .deleteFrom('auth_sessions')
        .where('user_id', '=', userId)
        .where('id', '<>', keepId)
        .returning(['created_at', 'expires_at', 'is_persistent'])
        .execute();
      return rows.map((row) => ({
        createdAt: new Date(row.created_at),
        expiresAt: new Date(row.expires_at),
        isPersistent: toBool(row.is_persistent),
      }));
    },

    /**
     * Removes the logins past their stored end, everyone's. On PostgreSQL rows another
     * transaction holds are left to a later sweep: deleting a user removes theirs in another
     * order (through the foreign key), and a sweep waiting for them could deadlock with it.
     */
    async deleteExpiredLogins(now: Date): Promise<void> {
      await db
        .deleteFrom('auth_sessions')
        .where('id', 'in', (eb) => {
          const ended = eb
            .selectFrom('auth_sessions')
            .select('id')
            .where('expires_at', '<', now.toISOString());
          return dialect === 'postgres' ? ended.forUpdate().skipLocked() : ended;
        })
        .execute();
    },
  };
}
