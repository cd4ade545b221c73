import { sql } from 'kysely';
import { Migrator, type Migration } from 'kysely/migration';
import type { AppDatabase } from './client.ts';
import type { DialectName } from './dialect.ts';
import * as initial from './migrations/0001-initial.ts';
import * as analyticsSummaries from './migrations/0002-analytics-summaries.ts';
import * as accounts from './migrations/0003-accounts.ts';
import * as discipline from './migrations/0004-discipline.ts';
import * as attemptCounters from './migrations/0005-attempt-counters.ts';
import * as ruleStats from './migrations/0006-rule-stats.ts';
import * as sessionsByType from './migrations/0007-sessions-by-type.ts';
import * as summariesVersion from './migrations/0008-summaries-version.ts';
import * as rulesVersion from './migrations/0009-rules-version.ts';
import * as closingRuns from './migrations/0010-closing-runs.ts';
import * as userSearch from './migrations/0011-user-search.ts';
import * as usernameSigmas from './migrations/0012-username-sigmas.ts';
import * as sessionVersions from './migrations/0013-session-versions.ts';
import * as avatarReferences from './migrations/0014-avatar-references.ts';

interface DialectMigration {
  up(db: Parameters<Migration['up']>[0], dialect: DialectName): Promise<void>;
}

/** Listed, not read from a folder: the server is bundled, and the order is explicit. */
const MIGRATIONS: Record<string, DialectMigration> = {
  '0001-initial': initial,
  '0002-analytics-summaries': analyticsSummaries,
  '0003-accounts': accounts,
  '0004-discipline': discipline,
  '0005-attempt-counters': attemptCounters,
  '0006-rule-stats': ruleStats,
  '0007-sessions-by-type': sessionsByType,
  '0008-summaries-version': summariesVersion,
  '0009-rules-version': rulesVersion,
  '0010-closing-runs': closingRuns,
  '0011-user-search': userSearch,
  '0012-username-sigmas': usernameSigmas,
  '0013-session-versions': sessionVersions,
  '0014-avatar-references': avatarReferences,
};

/**
 * The schema the migration tables live in. Without it Kysely takes a `kysely_migration`
 * table in ANY schema of the database as ours, and then fails to find it in our own.
 */
async function currentSchema({ db, dialect }: AppDatabase): Promise<string | undefined> {
  if (dialect !== 'postgres') return undefined;
  const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(db);
  return rows[0]?.schema;
}

/** Brings the schema up to date; throws (and changes nothing of the failed step) on error. */
export async function migrateToLatest(database: AppDatabase): Promise<void> {
  const schema = await currentSchema(database);
  const migrator = new Migrator({
    db: database.db,
    ...(schema ? { migrationTableSchema: schema } : {}),
    provider: {
      getMigrations: async () =>
        Object.fromEntries(
          Object.entries(MIGRATIONS).map(([name, migration]) => [
            name,
            { up: (trx) => migration.up(trx, database.dialect) } satisfies Migration,
          ]),
        ),
    },
  });
  const { error, results } = await migrator.migrateToLatest();
  if (!error) return;
  const failed = results?.find((result) => result.status === 'Error');
  // No failed step means the migrator could not even start: the database itself is the problem.
  if (!failed) throw error;
  throw new Error(`Migration ${failed.migrationName} failed`, { cause: error });
}
