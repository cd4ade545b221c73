import type { AppDatabase } from '#server/db/client.ts';

/**
 * Gives `userId` the same version of its sessions or rules as `fromUserId` has: versions are
 * random, so two traders share one only by hand. A kept answer must still go to its own trader.
 */
export async function copyVersion(
  { db }: AppDatabase,
  column: 'summaries_version' | 'rules_version',
  fromUserId: number,
  userId: number,
): Promise<void> {
  const { version } = await db
    .selectFrom('users')
    .select(`${column} as version`)
    .where('id', '=', fromUserId)
    .executeTakeFirstOrThrow();
  if (!version) throw new Error(`user ${fromUserId} has no ${column} yet`);
  await db.updateTable('users').set(column, version).where('id', '=', userId).execute();
}
