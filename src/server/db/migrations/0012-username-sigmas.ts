import type { Kysely } from 'kysely';

/**
 * Usernames are now compared with the Greek final sigma (ς) as σ (`normalizeUsername`), so the
 * stored comparison form of the names made before is folded the same way. A name whose folded
 * form another account already holds (two accounts that differ only so, made before) is left
 * as it was: the unique index allows no other way, and the migration must not stop the start.
 * Answers how many names it folded.
 */
// Migrations see the database as it was when they were written, so they take Kysely<any>.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function foldUsernameSigmas(db: Kysely<any>): Promise<number> {
  const rows: { id: number; username_normalized: string }[] = await db
    .selectFrom('users')
    .select(['id', 'username_normalized'])
    .where('username_normalized', 'like', '%ς%')
    .execute();
  let folded = 0;
  for (const row of rows) {
    const name = row.username_normalized.replaceAll('ς', 'σ');
    const taken = await db
      .selectFrom('users')
      .select('id')
      .where('username_normalized', '=', name)
      .executeTakeFirst();
    if (taken) continue;
    await db
      .updateTable('users')
      .set({ username_normalized: name })
      .where('id', '=', row.id)
      .execute();
    folded += 1;
  }
  return folded;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await foldUsernameSigmas(db);
}
