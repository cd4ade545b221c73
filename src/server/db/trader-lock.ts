import { notAuthenticated } from '../errors.ts';
import type { AppDatabase } from './client.ts';

/**
 * Runs `work` in one transaction that first takes the trader's lock, so that a check and the
 * write it guards (at most 100 rules, one position per rule, a checklist matching the rules,
 * a user's data deleted whole) hold when the same trader's requests arrive together. `work`
 * gets the transaction as an `AppDatabase`: build repositories on it, and use nothing else
 * inside (on SQLite a query on the outer database would wait for this transaction forever).
 *
 * PostgreSQL: the lock is the trader's `users` row, `FOR NO KEY UPDATE`. Every trader write
 * takes it first, so they queue one behind the other instead of deadlocking; it does not
 * block foreign-key checks of other tables, and deleting the user waits for it.
 * SQLite: one connection runs one transaction at a time (Kysely queues the rest), which
 * serialises all writers of the process; the select still checks that the trader exists.
 * Transactions begin IMMEDIATE (sqlite.ts), so another process's write waits for this one.
 *
 * `whenMissing` makes the error for a user that does not exist: by default a 401, as the
 * account was deleted while its own request was on its way; an administrator's change of
 * another account says 404 instead.
 *
 * See docs/decisions/0009-per-trader-lock.md.
 */
export function withTraderLock<T>(
  database: AppDatabase,
  userId: number,
  work: (tx: AppDatabase) => Promise<T>,
  { whenMissing = notAuthenticated }: { whenMissing?: () => Error } = {},
): Promise<T> {
  return database.db.transaction().execute(async (trx) => {
    const query = trx.selectFrom('users').select('id').where('id', '=', userId);
    const trader = await (
      database.dialect === 'postgres' ? query.forNoKeyUpdate() : query
    ).executeTakeFirst();
    if (!trader) throw whenMissing();
    return work({ db: trx, dialect: database.dialect });
  });
}
