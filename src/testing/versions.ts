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
  const from = await db
    .selectFrom('users')
    .select(column)
    .where('id', '=', fromUserId)
    .executeTakeFirstOrThrow();
  const version = column === 'rules_version' ? from.rules_version : from.summaries_version;
  if (!version) throw new Error(`user ${fromUserId} has no ${column} yet`);
  await db
    .updateTable('users')
    .set(column === 'rules_version' ? { rules_version: version } : { summaries_version: version })
    .where('id', '=', userId)
    .execute();
}
