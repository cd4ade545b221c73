import type { SessionType } from '#shared/schemas/sessions.ts';
import type { AppDatabase } from '../../db/client.ts';

export type SessionTypesRepository = ReturnType<typeof createSessionTypesRepository>;

/** The seeded list of market sessions (times in UTC), the same for every trader. */
export function createSessionTypesRepository({ db }: AppDatabase) {
  return {
    listSessionTypes(): Promise<SessionType[]> {
      return db
        .selectFrom('session_types')
        .select(['id', 'name', 'start_time as startTime', 'end_time as endTime', 'description'])
        .orderBy('id')
        .execute();
    },

    async hasSessionType(id: number): Promise<boolean> {
      const row = await db
        .selectFrom('session_types')
        .select('id')
        .where('id', '=', id)
        .executeTakeFirst();
      return row !== undefined;
    },
  };
}
