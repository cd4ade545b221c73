import type { Kysely, Transaction } from 'kysely';
import type { AppDatabase } from '#server/db/client.ts';
import type { Database } from '#server/db/schema.ts';

/**
 * The database, with a switch that makes each transaction report a failure once its commit has
 * applied: the case of a connection lost while COMMIT was answered, where the write is stored
 * and its caller is told it failed.
 */
export function withCommitFaults(database: AppDatabase) {
  let isFailing = false;
  const transaction = () => {
    const builder = database.db.transaction();
    return {
      execute: async <T>(work: (trx: Transaction<Database>) => Promise<T>): Promise<T> => {
        const result = await builder.execute(work);
        if (isFailing) throw new Error('Connection terminated unexpectedly');
        return result;
      },
    };
  };
  const db = new Proxy(database.db, {
    get(target, key) {
      if (key === 'transaction') return transaction;
      const value: unknown = Reflect.get(target, key, target);
      // Kysely's methods read private fields: they run on Kysely itself, not on the proxy.
      return typeof value === 'function' ? value.bind(target) : value;
    },
  }) as Kysely<Database>;
  return {
    database: { ...database, db },
    failCommits(on: boolean) {
      isFailing = on;
    },
  };
}
