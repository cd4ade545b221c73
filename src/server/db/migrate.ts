import { Migrator, type Migration } from 'kysely/migration';
import type { AppDatabase } from './client.ts';
import type { DialectName } from './dialect.ts';
import * as initial from './migrations/0001-initial.ts';

interface DialectMigration {
  up(db: Parameters<Migration['up']>[0], dialect: DialectName): Promise<void>;
}

/** Listed, not read from a folder: the server is bundled, and the order is explicit. */
const MIGRATIONS: Record<string, DialectMigration> = {
  '0001-initial': initial,
};

/** Brings the schema up to date; throws (and changes nothing of the failed step) on error. */
export async function migrateToLatest({ db, dialect }: AppDatabase): Promise<void> {
  const migrator = new Migrator({
    db,
    provider: {
      getMigrations: async () =>
        Object.fromEntries(
          Object.entries(MIGRATIONS).map(([name, migration]) => [
            name,
            { up: (trx) => migration.up(trx, dialect) } satisfies Migration,
          ]),
        ),
    },
  });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((result) => result.status === 'Error');
  if (error) {
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed`, { cause: error });
  }
}
