import { sql } from 'kysely';
import type { AppDatabase } from './client.ts';

/** Any fixed number: the key of the advisory lock a run of the scheduled jobs holds. */
export const SCHEDULED_JOBS_LOCK_KEY = 0x726b_6a62; // 'rkjb'

/** How long a run may hold the lock, idle, before PostgreSQL ends it and frees the lock. */
const LOCK_HELD_AT_MOST = '1h';

/**
 * Runs `work` unless another instance is running the scheduled jobs on the same database, in
 * which case it answers `{ ran: false }` at once: the jobs write nothing twice either way (one
 * notice per trader, kind and period), but every instance computing every trader's report at
 * the same moment multiplies the work by the number of instances.
 *
 * PostgreSQL: a transaction-level advisory lock, tried in a transaction of its own that stays
 * open for the run and commits at its end; the work runs on the pool's other connections. An
 * instance that dies mid-run drops its connection and with it the lock, and the next run of
 * any instance carries on from the traders still owed. A transaction rather than a session
 * lock, so that a pooler in transaction mode (docs/deploy.md) keeps it on one server
 * connection; it takes no snapshot between statements and writes nothing, so it holds back
 * no vacuum while it waits. The lock is the app's schema's: apps in other schemas of the same
 * database (the tests' parallel files, say) have their own.
 * SQLite: one instance per data folder (data-folder-lock.ts), whose scheduler never overlaps
 * its runs, so there is nobody to wait for.
 */
export async function unlessJobsRunElsewhere<T>(
  database: AppDatabase,
  work: () => Promise<T>,
): Promise<{ ran: true; value: T } | { ran: false }> {
  if (database.dialect !== 'postgres') return { ran: true, value: await work() };
  return database.db.transaction().execute(async (trx) => {
    // The transaction is idle for the whole run by design: an operator's
    // `idle_in_transaction_session_timeout`, meant for transactions an app forgot, would end
    // its session mid-run and hand the lock to the next instance while this one still works.
    // A bound of its own instead, far above any run's length, for a run that truly hangs.
    await sql`set local idle_in_transaction_session_timeout = ${sql.lit(LOCK_HELD_AT_MOST)}`.execute(
      trx,
    );
    const { rows } = await sql<{ locked: boolean }>`
      select pg_try_advisory_xact_lock(${SCHEDULED_JOBS_LOCK_KEY}, hashtext(current_schema())) as locked
    `.execute(trx);
    if (!rows[0]?.locked) return { ran: false };
    return { ran: true, value: await work() };
  });
}
