import type { FastifyBaseLogger } from 'fastify';

/** Redis did not answer at start-up; the server refuses to start, as for PostgreSQL. */
export class RedisConnectError extends Error {
  override name = 'RedisConnectError';
}

/** How long one connection attempt may take before it counts as failed. */
const CONNECT_TIMEOUT_MS = 5_000;

/**
 * Connects to `REDIS_URL` and resolves once Redis answers; rejects with a RedisConnectError
 * when it does not (a wrong address should stop the start, not leave every instance counting
 * alone). Once connected, a lost connection is retried for ever, with back-off, and logged
 * once per outage: meanwhile commands fail at once instead of queueing for Redis to come back
 * (which would hold each login with them), and the attempt counters count in memory.
 */
export async function connectRedis(url: string, log: FastifyBaseLogger) {
  // Loaded here, not at the top: an instance without REDIS_URL never loads the library, which
  // costs a quarter of a second of start-up.
  const { createClient } = await import('redis');
  let hasBeenReady = false;
  let isDown = false;
  const client = createClient({
    url,
    disableOfflineQueue: true,
    socket: {
      connectTimeout: CONNECT_TIMEOUT_MS,
      reconnectStrategy: (retries, cause) =>
        hasBeenReady ? Math.min(2 ** retries * 50, 2_000) : cause,
    },
  });
  // Without a listener an 'error' event would end the process.
  client.on('error', (error: unknown) => {
    if (!hasBeenReady || isDown) return;
    isDown = true;
    log.warn(
      { err: error },
      'Redis is unreachable: login and signup attempts are counted in memory, per instance, until it is back',
    );
  });
  client.on('ready', () => {
    hasBeenReady = true;
    if (!isDown) return;
    isDown = false;
    log.info('Redis is reachable again: login and signup attempts are counted there again');
  });
  try {
    await client.connect();
  } catch (error) {
    // node-redis wraps the socket's error (ECONNREFUSED, ...) when the strategy gives up.
    const cause =
      error instanceof Error && 'socketError' in error && error.socketError instanceof Error
        ? error.socketError
        : error;
    throw new RedisConnectError(`Cannot connect to Redis: ${(cause as Error).message}`, {
      cause,
    });
  }
  return client;
}

export type RedisClient = Awaited<ReturnType<typeof connectRedis>>;
