import { createServer, connect, type AddressInfo, type Socket } from 'node:net';
import type { FastifyBaseLogger } from 'fastify';
import { afterEach, describe, expect, inject, test, vi } from 'vitest';
import {
  createTestApp,
  describePostgres,
  testRedisUrl,
  uniqueRedisKeyPrefix,
  type TestApp,
} from '#testing/test-app.ts';
import { connectRedis, type RedisClient } from '../../redis.ts';
import {
  createAttemptLimits,
  MAX_LOGIN_ATTEMPTS_PER_USERNAME_AND_ADDRESS,
} from './attempt-limits.ts';
import { postgresAttemptStore, redisAttemptStore } from './attempt-store.ts';

/** A log that keeps what was written, to see that an outage is reported (once). */
function recordingLog() {
  const lines: string[] = [];
  const write = (level: string) => (first: unknown, second?: unknown) => {
    lines.push(`${level}: ${typeof first === 'string' ? first : String(second)}`);
  };
  const log = { warn: write('warn'), info: write('info') } as unknown as FastifyBaseLogger;
  return { log, lines };
}

/** A TCP relay in front of Redis that can be taken down (connections cut, port closed) and up. */
async function startRelay(target: URL) {
  const sockets = new Set<Socket>();
  const server = createServer((client) => {
    const upstream = connect(Number(target.port || 6379), target.hostname);
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
      socket.on('error', () => {});
    }
    client.pipe(upstream).pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `redis://127.0.0.1:${port}`,
    down: async () => {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      for (const socket of sockets) socket.destroy();
      await closed;
    },
    up: () => new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve)),
  };
}

describe.skipIf(!inject('redisUrl'))('attempt counters in Redis [redis]', () => {
  let client: RedisClient | undefined;
  let relay: Awaited<ReturnType<typeof startRelay>> | undefined;
  afterEach(async () => {
    if (client?.isOpen) await client.destroy();
    await relay?.down().catch(() => {});
  });

  test('while Redis is unreachable attempts are limited in memory, never a 500; when it is back they count in Redis again', async () => {
    relay = await startRelay(new URL(testRedisUrl()));
    const { log, lines } = recordingLog();
    client = await connectRedis(relay.url, log);
    const limits = createAttemptLimits({
      signupsPerHour: 5,
      store: redisAttemptStore(client, uniqueRedisKeyPrefix()),
    });
    const spend = async (count: number) => {
      for (let i = 0; i < count; i += 1) await limits.countLoginAttempt('192.0.2.1', 'victim');
    };
    const refused = () =>
      expect(limits.countLoginAttempt('192.0.2.1', 'victim')).rejects.toMatchObject({
        statusCode: 429,
      });

    await spend(4); // in Redis

    await relay.down();
    await vi.waitFor(() => expect(client?.isReady).toBe(false), { timeout: 10_000 });
    // Memory starts from nothing: the whole limit, then refusals, and no error at all.
    await spend(MAX_LOGIN_ATTEMPTS_PER_USERNAME_AND_ADDRESS);
    await refused();
    await limits.countSignup('192.0.2.1');
    expect(lines.filter((line) => line.startsWith('warn: Redis is unreachable'))).toHaveLength(1);

    await relay.up();
    await vi.waitFor(() => expect(client?.isReady).toBe(true), { timeout: 20_000 });
    expect(lines.at(-1)).toMatch(/^info: Redis is reachable again/);
    // Redis still holds the 4 from before the outage.
    await spend(MAX_LOGIN_ATTEMPTS_PER_USERNAME_AND_ADDRESS - 4);
    await refused();
  });
});

describePostgres('attempt counters in PostgreSQL', () => {
  let t: TestApp;
  afterEach(() => t.close());

  test('rows whose window has ended are deleted; live ones stay', async () => {
    t = await createTestApp('postgres');
    const store = postgresAttemptStore(t.database.pool!, t.app.log);
    try {
      const shortLived = store.counter({ name: 'short', points: 5, durationSeconds: 1 });
      const longLived = store.counter({ name: 'long', points: 5, durationSeconds: 3600 });
      for (const key of ['a', 'b', 'c']) await shortLived.consume(key);
      await longLived.consume('a');
      // As the timer would run it two seconds from now: the 1-second windows have ended.
      expect(await store.clearExpired(Date.now() + 2_000)).toBe(3);
      const { rows } = await t.database.pool!.query<{ key: string; points: number }>(
        'select key, points from attempt_counters',
      );
      expect(rows).toEqual([{ key: 'long:a', points: 1 }]);
    } finally {
      await store.close();
    }
  });
});
