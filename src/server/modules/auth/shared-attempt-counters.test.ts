import { afterEach, describe, expect, inject, test } from 'vitest';
import type { App } from '#server/app.ts';
import { buildSignup, signup } from '#testing/factories.ts';
import { createSharedDatabase } from '#testing/notices.ts';
import { testRedisUrl, uniqueRedisKeyPrefix } from '#testing/test-app.ts';
import { MAX_LOGIN_ATTEMPTS_PER_USERNAME_AND_ADDRESS } from './attempt-limits.ts';

/**
 * Two instances of the app on one PostgreSQL database, as behind a load balancer: the login
 * and signup counts are one, whichever instance a request reaches.
 */
const stores = [
  { store: 'postgres', isCountingInRedis: false },
  { store: 'redis', isCountingInRedis: true },
] as const;

for (const { store, isCountingInRedis } of stores) {
  const isUnavailable = !inject('postgresUrl') || (isCountingInRedis && !inject('redisUrl'));
  describe.skipIf(isUnavailable)(`attempt counts shared by two instances [${store}]`, () => {
    let shared: Awaited<ReturnType<typeof createSharedDatabase>>;
    let instances: App[] = [];
    afterEach(async () => {
      for (const app of instances) await app.close();
      instances = [];
      await shared.close();
    });

    /** Two instances; with Redis, on the same keys (as two servers with one REDIS_URL). */
    async function startTwo(env: Record<string, string> = {}) {
      shared = await createSharedDatabase('postgres');
      const redisKeyPrefix = uniqueRedisKeyPrefix();
      const redisEnv: Record<string, string> = isCountingInRedis
        ? { REDIS_URL: testRedisUrl() }
        : {};
      for (let i = 0; i < 2; i += 1) {
        instances.push(await shared.startApp({ env: { ...env, ...redisEnv }, redisKeyPrefix }));
      }
      return instances as [App, App];
    }

    const attempt = (app: App, username: string, password: string, remoteAddress: string) =>
      app.inject({
        method: 'POST',
        url: '/api/auth/login',
        remoteAddress,
        payload: { username, password },
      });

    test('wrong logins spread over both instances spend one limit: the next is refused on either', async () => {
      const [a, b] = await startTwo();
      const victim = await signup(a);
      for (let i = 0; i < MAX_LOGIN_ATTEMPTS_PER_USERNAME_AND_ADDRESS; i += 1) {
        const app = i % 2 === 0 ? a : b;
        expect((await attempt(app, victim.username, `guess-${i}`, '10.1.0.1')).statusCode).toBe(
          401,
        );
      }
      for (const app of [a, b]) {
        const refused = await attempt(app, victim.username, victim.password, '10.1.0.1');
        expect(refused.statusCode).toBe(429);
        expect(refused.headers['retry-after']).toMatch(/^\d+$/);
      }
    });

    test('good logins on one instance are refunded to the count the other instance spent', async () => {
      const [a, b] = await startTwo();
      const trader = await signup(a);
      for (let i = 0; i < MAX_LOGIN_ATTEMPTS_PER_USERNAME_AND_ADDRESS - 1; i += 1) {
        await attempt(a, trader.username, `guess-${i}`, '10.2.0.2');
      }
      // Nine spent on a: each good login on b counts the tenth, then gives it back.
      for (let i = 0; i < 5; i += 1) {
        const response = await attempt(b, trader.username, trader.password, '10.2.0.2');
        expect(response.statusCode).toBe(200);
      }
      expect((await attempt(b, trader.username, 'last-guess', '10.2.0.2')).statusCode).toBe(401);
      expect((await attempt(b, trader.username, trader.password, '10.2.0.2')).statusCode).toBe(429);
    });

    test('30 parallel guesses at one username across both instances: exactly the limit is checked', async () => {
      const [a, b] = await startTwo();
      const victim = await signup(a);
      const responses = await Promise.all(
        Array.from({ length: 30 }, (_, i) =>
          attempt(i % 2 === 0 ? a : b, victim.username, `guess-${i}`, '10.3.0.1'),
        ),
      );
      const statuses = responses.map((response) => response.statusCode);
      expect(statuses.filter((status) => status !== 429)).toEqual(
        Array.from({ length: MAX_LOGIN_ATTEMPTS_PER_USERNAME_AND_ADDRESS }, () => 401),
      );
    });

    test('parallel signups from one address across both instances: exactly SIGNUP_RATE_LIMIT get in', async () => {
      const [a, b] = await startTwo({ SIGNUP_RATE_LIMIT: '3' });
      const responses = await Promise.all(
        Array.from({ length: 12 }, (_, i) =>
          (i % 2 === 0 ? a : b).inject({
            method: 'POST',
            url: '/api/auth/signup',
            remoteAddress: '192.0.2.60',
            payload: buildSignup(),
          }),
        ),
      );
      const statuses = responses.map((response) => response.statusCode).sort();
      expect(statuses).toEqual([...Array(3).fill(201), ...Array(9).fill(429)]);
      expect((await b.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    });
  });
}
