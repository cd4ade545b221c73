import { join } from 'node:path';
import { Kysely } from 'kysely';
import type { DialectName } from './dialect.ts';
import { createPostgresDialect, type PostgresOptions } from './postgres.ts';
import type { Database } from './schema.ts';
import { createSqliteDialect } from './sqlite.ts';

export type DatabaseOptions =
  { dialect: 'sqlite'; filename: string } | ({ dialect: 'postgres' } & PostgresOptions);

export interface AppDatabase {
  db: Kysely<Database>;
  dialect: DialectName;
}

export function createDatabase(options: DatabaseOptions): AppDatabase {
  const dialect =
    options.dialect === 'sqlite'
      ? createSqliteDialect(options.filename)
      : createPostgresDialect(options);
  return { db: new Kysely<Database>({ dialect }), dialect: options.dialect };
}

/** The database the configuration asks for: PostgreSQL when a URL is set, else SQLite. */
export function databaseOptionsFromConfig(config: {
  databaseUrl: string | undefined;
  dataDir: string;
}): DatabaseOptions {
  return config.databaseUrl
    ? { dialect: 'postgres', connectionString: config.databaseUrl }
    : { dialect: 'sqlite', filename: join(config.dataDir, 'rulekeeper.db') };
}
