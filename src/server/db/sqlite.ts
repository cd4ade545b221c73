import { closeSync, mkdirSync, openSync } from 'node:fs';
import { dirname } from 'node:path';
import {
  CompiledQuery,
  SqliteAdapter,
  SqliteDialect,
  SqliteDriver as KyselySqliteDriver,
  type DatabaseConnection,
  type SqliteDialectConfig,
  type SqliteDatabase,
  type SqliteStatement,
} from 'kysely';
import {
  readsRowsAsArrays,
  SqliteDriver,
  type SqliteConnection,
  type SqlitePreparedStatement,
} from './sqlite-driver.ts';

/** Prepared statements kept per connection: the app's queries are a few dozen fixed texts. */
const STATEMENT_CACHE_SIZE = 500;

/** better-sqlite3 refuses booleans and Dates: bind what SQLite stores instead. */
function toSqliteValue(value: unknown): unknown {
  if (typeof value === 'boolean') return value ? 1 : 0;
  if (value instanceof Date) return value.toISOString();
  return value;
}

/** Makes a row read as an array the object the driver would have built: same keys, same order. */
function rowMaker(statement: SqlitePreparedStatement) {
  const names = statement.columns().map((column) => column.name);
  return (values: unknown[]) => {
    const row: Record<string, unknown> = {};
    for (let i = 0; i < names.length; i++) row[names[i]!] = values[i];
    return row;
  };
}

function wrapStatement(statement: SqlitePreparedStatement): SqliteStatement {
  const bind = (parameters: ReadonlyArray<unknown>) => parameters.map(toSqliteValue);
  if (statement.reader && readsRowsAsArrays) {
    // The older driver's row objects cost twice their price in JavaScript (sqlite-driver.ts).
    const toRow = rowMaker(statement.raw(true));
    return {
      reader: true,
      all: (parameters) => (statement.all(...bind(parameters)) as unknown[][]).map(toRow),
      run: (parameters) => statement.run(...bind(parameters)),
      iterate: function* (parameters) {
        for (const values of statement.iterate(...bind(parameters)))
          yield toRow(values as unknown[]);
      },
    };
  }
  return {
    reader: statement.reader,
    all: (parameters) => statement.all(...bind(parameters)),
    run: (parameters) => statement.run(...bind(parameters)),
    iterate: (parameters) => statement.iterate(...bind(parameters)),
  };
}

/**
 * Preparing a statement costs more than running a simple one, and Kysely prepares every
 * query anew: keep the prepared statements by SQL text, least recently used out first.
 */
function createStatementCache(database: SqliteConnection) {
  const statements = new Map<string, SqliteStatement>();
  return (sql: string): SqliteStatement => {
    const cached = statements.get(sql);
    if (cached) {
      statements.delete(sql);
      statements.set(sql, cached);
      return cached;
    }
    const statement = wrapStatement(database.prepare(sql));
    statements.set(sql, statement);
    if (statements.size > STATEMENT_CACHE_SIZE) {
      statements.delete(statements.keys().next().value as string);
    }
    return statement;
  };
}

/** SQLite runs DDL in transactions, so each migration can be all-or-nothing as on PostgreSQL. */
class TransactionalDdlSqliteAdapter extends SqliteAdapter {
  override get supportsTransactionalDdl(): boolean {
    return true;
  }
}

/**
 * Transactions begin IMMEDIATE: they take the write lock at their start. The server's writes
 * read first (the trader under the lock, a count), and in a plain (deferred) transaction that
 * read pins a snapshot; when another process on the same file (an operator command such as
 * `user:create`, the image sweep) commits before the write, SQLite refuses the write at once
 * with SQLITE_BUSY_SNAPSHOT, without waiting, and the trader gets a 500. Holding the lock from
 * the start makes the other process wait its busy timeout instead. Within the server nothing
 * changes: its one connection already runs one transaction at a time.
 */
class ImmediateTransactionSqliteDriver extends KyselySqliteDriver {
  override async beginTransaction(connection: DatabaseConnection) {
    await connection.executeQuery(CompiledQuery.raw('begin immediate'));
  }
}

class RulekeeperSqliteDialect extends SqliteDialect {
  readonly #config: SqliteDialectConfig;

  constructor(config: SqliteDialectConfig) {
    super(config);
    this.#config = config;
  }

  override createDriver() {
    return new ImmediateTransactionSqliteDriver(this.#config);
  }

  override createAdapter() {
    return new TransactionalDdlSqliteAdapter();
  }
}

/**
 * The data folder is created readable by the server's user only, and so is a new database
 * file: it holds password hashes and every trader's journal. (SQLite gives its -wal and -shm
 * files the database file's permissions.) Existing folders and files are left as they are.
 */
export function createPrivateFile(filename: string) {
  mkdirSync(dirname(filename), { recursive: true, mode: 0o700 });
  closeSync(openSync(filename, 'a', 0o600));
}

/** Opens the SQLite file (or `:memory:`) with durable settings. */
export function createSqliteDialect(filename: string) {
  if (filename !== ':memory:') createPrivateFile(filename);
  const database = new SqliteDriver(filename);
  database.pragma('journal_mode = WAL');
  database.pragma('synchronous = FULL');
  database.pragma('foreign_keys = ON');
  database.pragma('busy_timeout = 5000');
  const wrapped: SqliteDatabase = {
    close: () => database.close(),
    prepare: createStatementCache(database),
  };
  return new RulekeeperSqliteDialect({ database: wrapped });
}
