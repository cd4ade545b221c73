import { sql } from 'kysely';
import type { Theme } from '#shared/schemas/theme.ts';
import { lockAdminChanges } from '../../db/admin-lock.ts';
import type { AppDatabase } from '../../db/client.ts';
import { nowExpression, toBool } from '../../db/dialect.ts';
import type { UserRecord, UserRow } from '../../db/schema.ts';
import { userSearchText } from './user-search.ts';

/** Accounts whose search text `fillMissingSearchTexts` writes in one statement. */
const SEARCH_FILL_BATCH = 500;

/** The search text of a user's row as the database gives it. */
function searchTextOf(row: Pick<UserRow, 'username' | 'full_name' | 'email' | 'company_name'>) {
  return userSearchText({
    username: row.username,
    fullName: row.full_name,
    email: row.email,
    companyName: row.company_name,
  });
}

/** The columns of a `UserRecord`: everything the API may show, never the password hash. */
export const userColumns = [
  'id',
  'username',
  'full_name',
  'email',
  'company_name',
  'avatar_ref',
  'is_admin',
  'notify_trading_sessions',
  'notify_weekly_reports',
  'notify_low_compliance',
  'theme',
  'currency',
  'hide_money',
  'share_discipline',
  'reminder_session_types',
  'reminder_minutes_before',
  'created_at',
] as const satisfies ReadonlyArray<keyof UserRecord>;

export interface NewUser {
  username: string;
  usernameNormalized: string;
  passwordHash: string;
  fullName: string;
  email: string;
  companyName: string | null;
  isAdmin: boolean;
}

/** Columns a profile change may set; absent ones stay as they are. */
export interface ProfileChanges {
  full_name?: string;
  email?: string;
  company_name?: string | null;
  avatar_ref?: string | null;
  notify_trading_sessions?: boolean;
  notify_weekly_reports?: boolean;
  notify_low_compliance?: boolean;
  theme?: Theme;
  currency?: string;
  hide_money?: boolean;
  share_discipline?: boolean;
  /** JSON list of session type ids. */
  reminder_session_types?: string;
  reminder_minutes_before?: number;
}

export function createUsersRepository({ db, dialect }: AppDatabase) {
  return {
    async findAvatarRef(userId: number): Promise<string | null> {
      const row = await db
        .selectFrom('users')
        .select('avatar_ref')
        .where('id', '=', userId)
        .executeTakeFirst();
      return row?.avatar_ref ?? null;
    },

    /** The id of the user whose picture `ref` is, if any. */
    async findAvatarOwner(ref: string): Promise<number | undefined> {
      const row = await db
        .selectFrom('users')
        .select('id')
        .where('avatar_ref', '=', ref)
        .executeTakeFirst();
      return row?.id;
    },

    /** Which of `refs` a user's picture still is (the sweep keeps those files). */
    async findReferencedAvatars(refs: string[]): Promise<Set<string>> {
      if (refs.length === 0) return new Set();
      const rows = await db
        .selectFrom('users')
        .select('avatar_ref')
        .where('avatar_ref', 'in', refs)
        .execute();
      return new Set(rows.flatMap((row) => (row.avatar_ref ? [row.avatar_ref] : [])));
    },

    /**
     * Changes the user's own profile; answers the user as it now is, or undefined if gone. A
     * change of a searchable field writes the search text again from the row it left, so the
     * caller holds the trader's lock: two changes of different fields must not interleave.
     */
    async updateProfile(userId: number, changes: ProfileChanges): Promise<UserRecord | undefined> {
      const row = await db
        .updateTable('users')
        .set({ ...changes, updated_at: nowExpression(dialect) })
        .where('id', '=', userId)
        .returning(userColumns)
        .executeTakeFirst();
      const { full_name: fullName, email, company_name: companyName } = changes;
      const isSearchable = [fullName, email, companyName].some((value) => value !== undefined);
      if (row && isSearchable) {
        await db
          .updateTable('users')
          .set({
            search_text: searchTextOf(row),
          })
          .where('id', '=', userId)
          .execute();
      }
      return row;
    },

    /**
     * Writes the search text of each account that has none: all of them once migration 0011
     * has added the column, and later those an instance of an earlier release created (it
     * knows nothing of the column). A batch a statement; a row another writer has filled
     * meanwhile is left as it is. Answers how many it wrote.
     */
    async fillMissingSearchTexts(): Promise<number> {
      let filled = 0;
      let after = 0;
      for (;;) {
        const rows = await db
          .selectFrom('users')
          .select(['id', 'username', 'full_name', 'email', 'company_name'])
          .where('search_text', '=', '')
          .where('id', '>', after)
          .orderBy('id')
          .limit(SEARCH_FILL_BATCH)
          .execute();
        const last = rows.at(-1);
        if (!last) return filled;
        after = last.id;
        const texts = rows.map((row) => sql`when ${row.id} then ${searchTextOf(row)}`);
        const result = await db
          .updateTable('users')
          .set({ search_text: sql<string>`case id ${sql.join(texts, sql` `)} end` })
          .where(
            'id',
            'in',
            rows.map((row) => row.id),
          )
          .where('search_text', '=', '')
          .executeTakeFirst();
        filled += Number(result.numUpdatedRows);
      }
    },

    findUser(userId: number): Promise<UserRecord | undefined> {
      return db.selectFrom('users').select(userColumns).where('id', '=', userId).executeTakeFirst();
    },

    /** The user's id by username, without regard to case; undefined if there is none. */
    async findUserId(usernameNormalized: string): Promise<number | undefined> {
      const row = await db
        .selectFrom('users')
        .select('id')
        .where('username_normalized', '=', usernameNormalized)
        .executeTakeFirst();
      return row?.id;
    },

    /** Ends every login of the user: an operator's password reset. */
    async deleteLoginsOfUser(userId: number): Promise<void> {
      await db.deleteFrom('auth_sessions').where('user_id', '=', userId).execute();
    },

    async setAdmin(userId: number, isAdmin: boolean): Promise<UserRecord | undefined> {
      return db
        .updateTable('users')
        .set({ is_admin: isAdmin, updated_at: nowExpression(dialect) })
        .where('id', '=', userId)
        .returning(userColumns)
        .executeTakeFirst();
    },

    /** The files a user's rows point at: what must go with the account. */
    async findUserFiles(
      userId: number,
    ): Promise<{ avatarRef: string | null; screenshotRefs: string[] }> {
      const sessions = await db
        .selectFrom('trading_sessions')
        .select('screenshot_ref')
        .where('user_id', '=', userId)
        .where('screenshot_ref', 'is not', null)
        .execute();
      return {
        avatarRef: await this.findAvatarRef(userId),
        screenshotRefs: sessions.flatMap((row) => (row.screenshot_ref ? [row.screenshot_ref] : [])),
      };
    },

    /**
     * Deletes the user's row; every other row of theirs (logins, rules, sessions, checklists,
     * month summaries) goes with it by `on delete cascade`, in the same statement.
     */
    async deleteUser(userId: number): Promise<boolean> {
      const result = await db.deleteFrom('users').where('id', '=', userId).executeTakeFirst();
      return result.numDeletedRows > 0n;
    },

    /** Whether the user is an administrator; undefined when there is no such user. */
    async findIsAdmin(userId: number): Promise<boolean | undefined> {
      const row = await db
        .selectFrom('users')
        .select('is_admin')
        .where('id', '=', userId)
        .executeTakeFirst();
      return row ? toBool(row.is_admin) : undefined;
    },

    async countAdmins(): Promise<number> {
      const row = await db
        .selectFrom('users')
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .where('is_admin', '=', true)
        .executeTakeFirstOrThrow();
      return Number(row.count);
    },

    async hasAnyUser(): Promise<boolean> {
      return (await db.selectFrom('users').select('id').limit(1).executeTakeFirst()) !== undefined;
    },

    /** A read of a password hash for the login's check (`findPasswordHash` is the other). */
    findUserForLogin(usernameNormalized: string): Promise<UserRow | undefined> {
      return db
        .selectFrom('users')
        .selectAll()
        .where('username_normalized', '=', usernameNormalized)
        .executeTakeFirst();
    },

    /** The other read of a password hash: a password change checks the current password. */
    async findPasswordHash(userId: number): Promise<string | undefined> {
      const row = await db
        .selectFrom('users')
        .select('password_hash')
        .where('id', '=', userId)
        .executeTakeFirst();
      return row?.password_hash;
    },

    /**
     * The hash alone: a user's own change keeps the login it was made from and ends the
     * others, an operator's reset ends them all; each caller says which.
     */
    async setPasswordHash(userId: number, passwordHash: string): Promise<void> {
      await db
        .updateTable('users')
        .set({ password_hash: passwordHash, updated_at: nowExpression(dialect) })
        .where('id', '=', userId)
        .execute();
    },

    /**
     * Inserts a user; the first user of an empty database becomes an administrator. With
     * `isOnlyFirst` (public signup while it is closed) it inserts nothing, and answers
     * undefined, unless the table is empty. The count and the insert share a transaction,
     * under the lock of changes to who is an administrator (on PostgreSQL, where two
     * concurrent signups would otherwise both see an empty table, and an administrator's
     * delete or demotion could land between the count and the insert). An advisory lock, not
     * a lock of the table: that made every trader's write to the `users` row (a rule's
     * version, a month's figures) queue behind a signup waiting for a long import to commit.
     * `check` runs first inside that transaction, after the lock: an administrator's creation
     * re-checks there that its author is still an administrator.
     */
    createUser(
      user: NewUser,
      {
        isOnlyFirst = false,
        check,
      }: { isOnlyFirst?: boolean; check?: (tx: AppDatabase) => Promise<void> } = {},
    ): Promise<UserRecord | undefined> {
      return db.transaction().execute(async (trx) => {
        await lockAdminChanges({ db: trx, dialect });
        await check?.({ db: trx, dialect });
        const existing = await trx.selectFrom('users').select('id').limit(1).executeTakeFirst();
        if (isOnlyFirst && existing) return undefined;
        return trx
          .insertInto('users')
          .values({
            username: user.username,
            username_normalized: user.usernameNormalized,
            password_hash: user.passwordHash,
            full_name: user.fullName,
            email: user.email,
            company_name: user.companyName,
            search_text: userSearchText(user),
            is_admin: user.isAdmin || existing === undefined,
          })
          .returning(userColumns)
          .executeTakeFirstOrThrow();
      });
    },
  };
}
