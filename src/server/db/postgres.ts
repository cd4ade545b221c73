import pg from 'pg';
import { PostgresDialect } from 'kysely';
import { statementNames } from './prepared-query.ts';

const { Pool, types } = pg;

function toSafeInteger(text: string): number {
  const value = Number(text);
  if (!Number.isSafeInteger(value)) throw new RangeError(`Integer out of range: ${text}`);
  return value;
}

/**
 * Type parsers for this pool only: COUNT/SUM come back as numbers, a `date` stays the
 * `YYYY-MM-DD` the trader chose (never local midnight), and timestamps are ISO strings.
 */
const typeParsers = {
  getTypeParser(oid: number, format?: 'text' | 'binary') {
    switch (oid) {
      case types.builtins.INT8:
        return toSafeInteger;
      case types.builtins.NUMERIC:
        return (text: string) => Number(text);
      case types.builtins.DATE:
        return (text: string) => text;
      case types.builtins.TIMESTAMPTZ:
      case types.builtins.TIMESTAMP:
        return (text: string) => new Date(text).toISOString();
      default:
        return types.getTypeParser(oid, format);
    }
  },
};

/**
 * Kysely sends every query unnamed, so PostgreSQL parses and plans it each time. The queries
 * built with `prepareQuery` (the login behind every request, the rules list) or run with
 * `runAsNamedStatement` (the analytics, the history page) go as named statements instead:
 * prepared once per connection, then only bound and executed.
 */
function runPreparedQueriesAsNamedStatements(client: pg.PoolClient) {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  const namedWhenPrepared = (text: unknown, ...rest: unknown[]) => {
    const name = typeof text === 'string' ? statementNames.get(text) : undefined;
    return name === undefined ? query(text, ...rest) : query({ name, text, values: rest[0] });
  };
  Object.assign(client, { query: namedWhenPrepared });
}

export interface PostgresOptions {
  connectionString: string;
  /** Tests give each run its own schema. */
  searchPath?: string;
}

/** The pool and Kysely's dialect over it; the pool is also what other stores (the attempt counters) share. */
export function createPostgresDialect({ connectionString, searchPath }: PostgresOptions) {
  const pool = new Pool({
    connectionString,
    types: typeParsers,
    max: 10,
    ...(searchPath ? { options: `-c search_path=${searchPath}` } : {}),
  });
  pool.on('connect', runPreparedQueriesAsNamedStatements);
  // PostgreSQL may end a connection at any time: a restart, a failover, an administrator, a
  // proxy's idle timeout. Node ends a process whose emitter reports an error no one listens
  // for, so both places it is reported always have a listener:
  // - a connection idle in the pool: the pool reports it and drops it, and the next query opens
  //   another (the server logs it, app.ts);
  // - a connection checked out between two statements (a transaction waiting on an image, the
  //   scheduled jobs' lock held while they run), which the pool listens to only while idle: its
  //   next statement fails, so its transaction does, and the pool drops it when it is released.
  pool.on('error', () => {});
  pool.on('connect', (client) => client.on('error', () => {}));
  return { pool, dialect: new PostgresDialect({ pool }) };
}
