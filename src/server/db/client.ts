import { join } from 'node:path';
import { Kysely } from 'kysely';
import type pg from 'pg';
import type { DialectName } from './dialect.ts';
import { createPostgresDialect, type PostgresOptions } from './postgres.ts';
import type { Database } from './schema.ts';
import { createSqliteDialect } from './sqlite.ts';

export type DatabaseOptions =
  { dialect: 'sqlite'; filename: string } | ({ dialect: 'postgres' } & PostgresOptions);

export interface AppDatabase {
  db: Kysely<Database>;
  dialect: DialectName;
  /**
   * PostgreSQL's connection pool, for what runs beside Kysely on the same connections: the
   * login and signup attempt counters. Closed with `db.destroy()`. Absent on SQLite and in
   * the `AppDatabase` a transaction is handed as.
   */
  pool?: pg.Pool;
}

export function createDatabase(options: DatabaseOptions): AppDatabase {
  if (options.dialect === 'sqlite') {
    const dialect = createSqliteDialect(options.filename);
    return { db: new Kysely<Database>({ dialect }), dialect: 'sqlite' };
  }
  const { pool, dialect } = createPostgresDialect(options);
  return { db: new Kysely<Database>({ dialect }), dialect: 'postgres', pool };
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
