import type { FastifyBaseLogger } from 'fastify';
import type pg from 'pg';
import {
  RateLimiterMemory,
  RateLimiterPostgres,
  RateLimiterRedis,
  type RateLimiterAbstract,
} from 'rate-limiter-flexible';
import type { AppDatabase } from '../../db/client.ts';
import { ATTEMPT_COUNTERS_TABLE } from '../../db/migrations/0005-attempt-counters.ts';
import { connectRedis, type RedisClient } from '../../redis.ts';

export interface CounterOptions {
  /** Tells one counter's keys from another's (`login-address`, ...). */
  name: string;
  /** Attempts allowed in the window. */
  points: number;
  durationSeconds: number;
}

/** Where the attempt counters are kept. */
export interface AttemptStore {
  kind: 'memory' | 'postgres' | 'redis';
  counter(options: CounterOptions): RateLimiterAbstract;
  close(): Promise<void>;
}

const memoryCounter = ({ name, points, durationSeconds }: CounterOptions) =>
  new RateLimiterMemory({ keyPrefix: name, points, duration: durationSeconds });

/** One process counts alone: SQLite, whose data folder one instance owns. */
export function memoryAttemptStore(): AttemptStore {
  return { kind: 'memory', counter: memoryCounter, close: async () => {} };
}

/** How often rows whose window has ended are deleted (the upsert resets them anyway). */
const CLEAR_EXPIRED_EVERY_MS = 5 * 60_000;

/**
 * Counters in PostgreSQL, shared by every instance on the database: each attempt is one
 * `insert ... on conflict do update ... returning`, a single atomic statement, on the app's
 * own pool. The table is migration 0005's, so the library never creates one
 * (`tableCreated`), and its per-counter clearing timers (never stopped) are replaced by one
 * timer stopped on close.
 */
export function postgresAttemptStore(
  pool: pg.Pool,
  log: FastifyBaseLogger,
): AttemptStore & { clearExpired(now?: number): Promise<number> } {
  /** Deletes the rows whose window ended before `now`; resolves to how many. */
  const clearExpired = async (now = Date.now()) => {
    const result = await pool.query(`delete from ${ATTEMPT_COUNTERS_TABLE} where expire < $1`, [
      now,
    ]);
    return result.rowCount ?? 0;
  };
  const clearing = setInterval(() => {
    clearExpired().catch((error: unknown) =>
      log.warn({ err: error }, 'clearing expired attempt counters failed'),
    );
  }, CLEAR_EXPIRED_EVERY_MS);
  clearing.unref();
  return {
    kind: 'postgres',
    counter: ({ name, points, durationSeconds }) =>
      new RateLimiterPostgres({
        storeClient: pool,
        storeType: 'pool',
        tableName: ATTEMPT_COUNTERS_TABLE,
        tableCreated: true,
        clearExpiredByTimeout: false,
        keyPrefix: name,
        points,
        duration: durationSeconds,
      }),
    clearExpired,
    close: async () => clearInterval(clearing),
  };
}

/**
 * Counters in Redis, shared by every instance on it, whatever the database: each attempt is
 * one Lua script (set-if-absent with the window's expiry, then increment), atomic in Redis;
 * keys expire with their window. While Redis is unreachable each counter counts in memory
 * instead (`insuranceLimiter`): the limits hold per instance rather than stopping every login
 * until Redis is back.
 */
export function redisAttemptStore(client: RedisClient, keyPrefix: string): AttemptStore {
  return {
    kind: 'redis',
    counter: (options) =>
      new RateLimiterRedis({
        storeClient: client,
        useRedisPackage: true,
        // Without it a command waits for the connection; this sends it to memory at once.
        rejectIfRedisNotReady: true,
        keyPrefix: `${keyPrefix}${options.name}`,
        points: options.points,
        duration: options.durationSeconds,
        insuranceLimiter: memoryCounter(options),
      }),
    close: async () => {
      // Lets the commands under way finish; a client already closed has nothing to close.
      if (client.isOpen) await client.close();
    },
  };
}

/**
 * The store the configuration asks for: Redis when `REDIS_URL` is set (connected here, so a
 * wrong address stops the start), else PostgreSQL's table, else memory.
 */
export async function openAttemptStore({
  redisUrl,
  redisKeyPrefix,
  database,
  log,
}: {
  redisUrl: string | undefined;
  /** Keys start with it, so that several apps (or test runs) can share one Redis. */
  redisKeyPrefix: string;
  database: AppDatabase;
  log: FastifyBaseLogger;
}): Promise<AttemptStore> {
  if (redisUrl) return redisAttemptStore(await connectRedis(redisUrl, log), redisKeyPrefix);
  if (database.pool) return postgresAttemptStore(database.pool, log);
  return memoryAttemptStore();
}
