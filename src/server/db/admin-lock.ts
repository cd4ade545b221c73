import { sql } from 'kysely';
import type { AppDatabase } from './client.ts';

/** Any fixed number: the key of the one advisory lock that administrator changes share. */
const ADMIN_CHANGES_LOCK_KEY = 0x726b_6164; // 'rkad'

/**
 * Serialises changes to who is an administrator (a role change, deleting a user), so that a
 * check such as "another administrator remains" stays true until its write commits: two
 * administrators demoting each other at the same moment leave one of them an administrator.
 * Call it inside the transaction, after the target's trader lock (always in that order, so
 * two such transactions never wait on each other in a circle); it is released at commit.
 *
 * PostgreSQL: a transaction-scoped advisory lock, which blocks no other reader or writer.
 * SQLite: one connection runs one transaction at a time, so writers are already serialised.
 * Reads after it see every change committed before it (READ COMMITTED takes a new snapshot per
 * statement), so re-checking the actor's role here is current.
 */
export async function lockAdminChanges(tx: AppDatabase): Promise<void> {
  if (tx.dialect !== 'postgres') return;
  await sql`select pg_advisory_xact_lock(${ADMIN_CHANGES_LOCK_KEY})`.execute(tx.db);
}
