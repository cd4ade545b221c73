import { setTimeout } from 'node:timers/promises';
import { sql } from 'kysely';
import type { AppDatabase } from '#server/db/client.ts';

/**
 * Resolves once a statement on this PostgreSQL database waits for a row lock, or when `isDone`
 * says the work that should have waited has ended without waiting (the bug a test looks for).
 * Lets a test hold a lock open until the other side is queued behind it.
 */
export async function untilALockIsAwaited(database: AppDatabase, isDone: () => boolean) {
  while (!isDone()) {
    const { rows } = await sql<{ waiting: number }>`
      select count(*)::int as waiting from pg_stat_activity
      where datname = current_database() and wait_event_type = 'Lock'`.execute(database.db);
    if (rows[0]!.waiting > 0) return;
    await setTimeout(10);
  }
}
