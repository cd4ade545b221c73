import { sql } from 'kysely';
import type { AppDatabase } from '../../db/client.ts';
import type { UserRow } from '../../db/schema.ts';

export interface NewUser {
  username: string;
  usernameNormalized: string;
  passwordHash: string;
  fullName: string;
  email: string;
  companyName: string | null;
  isAdmin: boolean;
}

export type UsersRepository = ReturnType<typeof createUsersRepository>;

export function createUsersRepository({ db, dialect }: AppDatabase) {
  return {
    async hasAnyUser(): Promise<boolean> {
      return (await db.selectFrom('users').select('id').limit(1).executeTakeFirst()) !== undefined;
    },

    findUserByNormalizedUsername(usernameNormalized: string): Promise<UserRow | undefined> {
      return db
        .selectFrom('users')
        .selectAll()
        .where('username_normalized', '=', usernameNormalized)
        .executeTakeFirst();
    },

    /**
     * Inserts a user; the first user of an empty database becomes an administrator.
     * The count and the insert share a transaction (and a table lock on PostgreSQL, where
     * two concurrent signups would otherwise both see an empty table).
     */
    createUser(user: NewUser): Promise<UserRow> {
      return db.transaction().execute(async (trx) => {
        if (dialect === 'postgres') {
          await sql`lock table users in share row exclusive mode`.execute(trx);
        }
        const existing = await trx.selectFrom('users').select('id').limit(1).executeTakeFirst();
        return trx
          .insertInto('users')
          .values({
            username: user.username,
            username_normalized: user.usernameNormalized,
            password_hash: user.passwordHash,
            full_name: user.fullName,
            email: user.email,
            company_name: user.companyName,
            is_admin: user.isAdmin || existing === undefined,
          })
          .returningAll()
          .executeTakeFirstOrThrow();
      });
    },
  };
}
