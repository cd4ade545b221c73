import { sql } from 'kysely';
import { z } from '#shared/zod.ts';
import type { AdminUsersQuery } from '#shared/schemas/admin.ts';
import { MAX_ID } from '#shared/schemas/common.ts';
import type { AppDatabase } from '../../db/client.ts';
import { encodeCursor, readCursor } from '../../db/keyset-cursor.ts';
import type { UserRecord } from '../../db/schema.ts';
import { containsPattern, searchWords } from '../users/user-search.ts';
import { userColumns } from '../users/users.repository.ts';

/** Ids grow with each new account, so newest first is highest id first, on the primary key. */
const cursorSchema = z.tuple([z.int().check(z.gte(1), z.lte(MAX_ID))]);

export type AdminRepository = ReturnType<typeof createAdminRepository>;

/** The administrator's list of the `users` table. */
export function createAdminRepository({ db }: AppDatabase) {
  return {
    async listUsers(
      query: AdminUsersQuery,
    ): Promise<{ rows: UserRecord[]; nextCursor: string | null }> {
      const after = readCursor(query.cursor, cursorSchema);
      let select = db.selectFrom('users').select(userColumns);
      if (after) select = select.where('id', '<', after[0]);
      // A scan of the folded texts: an administrator's occasional search, not a trader's read.
      for (const word of searchWords(query.search ?? '')) {
        select = select.where(sql<boolean>`search_text like ${containsPattern(word)} escape '\\'`);
      }
      const rows = await select
        .orderBy('id', 'desc')
        .limit(query.limit + 1)
        .execute();
      const page = rows.slice(0, query.limit);
      const last = page.at(-1);
      return {
        rows: page,
        nextCursor: rows.length > query.limit && last ? encodeCursor([last.id]) : null,
      };
    },
  };
}
