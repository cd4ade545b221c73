import { afterEach, expect, test } from 'vitest';
import { buildSignup, guessFromManyAddresses, login, signup } from '#testing/factories.ts';
import {
  createTestApp,
  describeEachCounterStore,
  testRedisUrl,
  uniqueRedisKeyPrefix,
  type TestApp,
} from '#testing/test-app.ts';
import { connectRedis } from '../../redis.ts';
import {
  createAttemptLimits,
  MAX_LOGIN_ATTEMPTS_PER_ADDRESS,
  MAX_LOGIN_ATTEMPTS_PER_USERNAME,
  MAX_LOGIN_ATTEMPTS_PER_USERNAME_AND_ADDRESS,
  MAX_PASSWORD_CHECKS_PER_USER,
  NETWORK_FACTOR,
} from './attempt-limits.ts';
import {
  memoryAttemptStore,
  postgresAttemptStore,
  redisAttemptStore,
  type AttemptStore,
} from './attempt-store.ts';

describeEachCounterStore('attempt limits under bursts', ({ dialect, isCountingInRedis }) => {
  let t: TestApp;
  afterEach(() => t.close());
  const createApp = (env: Record<string, string> = {}) =>
    createTestApp(dialect, { env, isCountingInRedis });

  const attempt = (username: string, password: string, remoteAddress: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      remoteAddress,
      payload: { username, password },
    });

  const signupFrom = (remoteAddress: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      remoteAddress,
      payload: buildSignup(),
    });

  const statusCounts = (statuses: number[]) =>
    statuses.reduce<Record<number, number>>(
      (counts, status) => ({ ...counts, [status]: (counts[status] ?? 0) + 1 }),
      {},
    );

  test("one address's guesses at a username hold back that address only: the owner logs in from elsewhere", async () => {
    t = await createApp();
    const victim = await signup(t.app);
    const other = await signup(t.app);
    for (let i = 0; i < MAX_LOGIN_ATTEMPTS_PER_USERNAME_AND_ADDRESS; i += 1) {
      expect((await attempt(victim.username, `guess-${i}`, '10.0.0.1')).statusCode).toBe(401);
    }
    // The guesser's address: even the right password is refused, in any letter case.
    const limited = await attempt(victim.username.toUpperCase(), victim.password, '10.0.0.1');
    expect(limited.statusCode).toBe(429);
    expect(limited.json().message).toMatch(/^Too many login attempts\. Please try again in /);
    expect(limited.headers['retry-after']).toMatch(/^\d+$/);
    // The owner, from another address, is not held back; nor is another trader at that address.
    expect((await attempt(victim.username, victim.password, '10.0.0.2')).statusCode).toBe(200);
    expect((await attempt(other.username, other.password, '10.0.0.1')).statusCode).toBe(200);
  });

  test('guesses at one username from many addresses are held by the username limit', async () => {
    t = await createApp();
    const victim = await signup(t.app);
    const other = await signup(t.app);
    await guessFromManyAddresses(t.app, victim.username, {
      count: MAX_LOGIN_ATTEMPTS_PER_USERNAME,
      network: 0,
    });
    const limited = await attempt(victim.username, victim.password, '10.9.9.9');
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toMatch(/^\d+$/);
    expect((await attempt(other.username, other.password, '10.0.0.1')).statusCode).toBe(200);
  });

  test('an IPv6 site guessing at a username counts by its /48: a new /64 each time does not escape', async () => {
    t = await createApp();
    const victim = await signup(t.app);
    // Each guess from another /64 of one /48, as one subscriber's block allows.
    for (let i = 0; i < MAX_LOGIN_ATTEMPTS_PER_USERNAME_AND_ADDRESS; i += 1) {
      const from = `2001:db8:5:${(i + 1).toString(16)}::1`;
      expect((await attempt(victim.username, `guess-${i}`, from)).statusCode).toBe(401);
    }
    expect((await attempt(victim.username, victim.password, '2001:db8:5:ff::1')).statusCode).toBe(
      429,
    );
    // The next /48 is another site.
    expect((await attempt(victim.username, victim.password, '2001:db8:6::1')).statusCode).toBe(200);
  });

  test('successful logins are refunded: a trader is never held up by their own logins', async () => {
    t = await createApp();
    const account = await signup(t.app);
    for (let i = 0; i < MAX_LOGIN_ATTEMPTS_PER_USERNAME + 5; i += 1) {
      await login(t.app, account.username, account.password);
    }
    expect((await attempt(account.username, account.password, '127.0.0.1')).statusCode).toBe(200);
  });

  test('too many logins from one address answer 429 for that address only', async () => {
    t = await createApp();
    const account = await signup(t.app);
    for (let i = 0; i < MAX_LOGIN_ATTEMPTS_PER_ADDRESS; i += 1) {
      await attempt(`guess${i}`, 'nope-nope', '192.0.2.7');
    }
    expect((await attempt('guess-again', 'nope-nope', '192.0.2.7')).statusCode).toBe(429);
    expect((await attempt(account.username, account.password, '192.0.2.8')).statusCode).toBe(200);
  });

  test('300 parallel guesses at one username check at most the limit, and the right password at the end of the burst is refused', async () => {
    t = await createApp();
    const victim = await signup(t.app);
    const size = 300;
    const burst = Array.from({ length: size }, (_, i) =>
      attempt(
        victim.username,
        i === size - 1 ? victim.password : `guess-${i}`,
        `198.51.100.${i % 250}`,
      ),
    );
    const responses = await Promise.all(burst);
    const counts = statusCounts(responses.map((response) => response.statusCode));
    // Only attempts within the limit reach the password check (401); the rest are refused.
    expect(counts[401]).toBeLessThanOrEqual(MAX_LOGIN_ATTEMPTS_PER_USERNAME);
    expect(counts[429]).toBeGreaterThanOrEqual(size - MAX_LOGIN_ATTEMPTS_PER_USERNAME);
    expect(counts[500]).toBeUndefined();
    expect(responses.at(-1)?.statusCode).toBe(429);
    expect(responses.at(-1)?.cookies).toHaveLength(0);
    expect(await t.database.db.selectFrom('auth_sessions').select('id').execute()).toHaveLength(0);
  });

  test('200 parallel guesses from one address check at most its limit', async () => {
    t = await createApp();
    const responses = await Promise.all(
      Array.from({ length: 200 }, (_, i) => attempt(`nobody-${i}`, 'guess-guess', '203.0.113.9')),
    );
    const counts = statusCounts(responses.map((response) => response.statusCode));
    expect(counts[401]).toBeLessThanOrEqual(MAX_LOGIN_ATTEMPTS_PER_ADDRESS);
    expect(counts[401]).toBeGreaterThan(0);
    expect(counts[429]).toBe(200 - (counts[401] ?? 0));
    expect(responses.at(-1)?.headers['retry-after']).toMatch(/^\d+$/);
  });

  test('signups are limited per address, counted before the password is hashed', async () => {
    t = await createApp({ SIGNUP_RATE_LIMIT: '3' });
    const responses = await Promise.all(Array.from({ length: 6 }, () => signupFrom('192.0.2.50')));
    expect(responses.map((r) => r.statusCode).sort()).toEqual([201, 201, 201, 429, 429, 429]);
    const refused = responses.find((r) => r.statusCode === 429);
    expect(refused?.json().message).toMatch(
      /^Too many signups from this address\. Please try again in \d+ minutes?\.$/,
    );
    expect(refused?.headers['retry-after']).toMatch(/^\d+$/);
    expect(await t.database.db.selectFrom('users').select('id').execute()).toHaveLength(3);
    expect((await signupFrom('192.0.2.51')).statusCode).toBe(201);
  });

  test('without TRUST_PROXY a forged X-Forwarded-For does not escape the address limit', async () => {
    t = await createApp();
    const forged = (i: number) =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        remoteAddress: '203.0.113.20',
        headers: { 'x-forwarded-for': `10.9.${i >> 8}.${i & 255}` },
        payload: { username: `nobody-${i}`, password: 'guess-guess' },
      });
    const statuses = [];
    for (let i = 0; i <= MAX_LOGIN_ATTEMPTS_PER_ADDRESS; i += 1) {
      statuses.push((await forged(i)).statusCode);
    }
    expect(statuses.at(-1)).toBe(429);
  });

  test('with TRUST_PROXY=1 the address is the one the proxy saw', async () => {
    t = await createApp({ TRUST_PROXY: '1' });
    const viaProxy = (client: string, username: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        remoteAddress: '10.0.0.2',
        headers: { 'x-forwarded-for': `203.0.113.66, ${client}` },
        payload: { username, password: 'guess-guess' },
      });
    for (let i = 0; i < MAX_LOGIN_ATTEMPTS_PER_ADDRESS; i += 1)
      await viaProxy('192.0.2.1', `u${i}`);
    expect((await viaProxy('192.0.2.1', 'one-more')).statusCode).toBe(429);
    // Another client behind the same proxy is not held up; the spoofable first entry is ignored.
    expect((await viaProxy('192.0.2.2', 'someone')).statusCode).toBe(401);
  });

  test('an IPv6 client counts by its /64: a new address of it each time does not escape the limits', async () => {
    t = await createApp({ SIGNUP_RATE_LIMIT: '2' });
    const from = (i: number) => `2001:db8:7:1:${(i + 1).toString(16)}::${(i * 7 + 3).toString(16)}`;
    const statuses = [];
    for (let i = 0; i <= MAX_LOGIN_ATTEMPTS_PER_ADDRESS; i += 1) {
      statuses.push((await attempt(`nobody-${i}`, 'guess-guess', from(i))).statusCode);
    }
    expect(statusCounts(statuses)).toEqual({ 401: MAX_LOGIN_ATTEMPTS_PER_ADDRESS, 429: 1 });
    // The next /64 is another client.
    expect((await attempt('someone', 'guess-guess', '2001:db8:7:2::1')).statusCode).toBe(401);
    const signups = [];
    for (let i = 0; i < 3; i += 1) signups.push((await signupFrom(from(100 + i))).statusCode);
    expect(signups).toEqual([201, 201, 429]);
    // An IPv4 client reported by a dual-stack socket counts as the IPv4 address it is.
    expect((await signupFrom('::ffff:192.0.2.80')).statusCode).toBe(201);
    expect((await signupFrom('192.0.2.80')).statusCode).toBe(201);
    expect((await signupFrom('::ffff:192.0.2.80')).statusCode).toBe(429);
  });

  test('an IPv6 site counts by its /48 too: a new /64 of it each time does not escape the limits', async () => {
    t = await createApp({ SIGNUP_RATE_LIMIT: '2' });
    // Each attempt from another /64 of one /48, as a tunnel broker's free /48 allows.
    const from = (i: number) => `2001:db8:9:${(i + 1).toString(16)}::1`;
    const siteLimit = MAX_LOGIN_ATTEMPTS_PER_ADDRESS * NETWORK_FACTOR;
    const statuses = [];
    for (let i = 0; i <= siteLimit; i += 1) {
      statuses.push((await attempt(`nobody-${i}`, 'guess-guess', from(i))).statusCode);
    }
    expect(statusCounts(statuses)).toEqual({ 401: siteLimit, 429: 1 });
    // The next /48 is another site.
    expect((await attempt('someone', 'guess-guess', '2001:db8:a::1')).statusCode).toBe(401);

    const signups = [];
    for (let i = 0; i <= 2 * NETWORK_FACTOR; i += 1) {
      signups.push((await signupFrom(`2001:db8:b:${(i + 1).toString(16)}::1`)).statusCode);
    }
    expect(statusCounts(signups)).toEqual({ 201: 2 * NETWORK_FACTOR, 429: 1 });
    expect(signups.at(-1)).toBe(429);
    expect((await signupFrom('2001:db8:c::1')).statusCode).toBe(201);
  });
});

describeEachCounterStore('attempt counts', ({ store: kind, dialect }) => {
  let t: TestApp;
  let store: AttemptStore;
  afterEach(async () => {
    await store.close();
    await t.close();
  });

  /** The limits over the store under test, beside an app that provides its database. */
  async function openLimits() {
    t = await createTestApp(dialect);
    if (kind === 'memory') store = memoryAttemptStore();
    else if (kind === 'postgres') store = postgresAttemptStore(t.database.pool!, t.app.log);
    else {
      const client = await connectRedis(testRedisUrl(), t.app.log);
      store = redisAttemptStore(client, uniqueRedisKeyPrefix());
    }
    return createAttemptLimits({ signupsPerHour: 1, store });
  }

  test('a refused attempt counts against none of the counters: a good login in flight then frees a real attempt', async () => {
    const limits = await openLimits();
    const refunds = [];
    for (let i = 0; i < MAX_LOGIN_ATTEMPTS_PER_USERNAME; i += 1) {
      refunds.push(await limits.countLoginAttempt(`192.0.2.${i}`, 'Victim'));
    }
    for (let i = 0; i < 3; i += 1) {
      await expect(limits.countLoginAttempt('198.51.100.1', 'victim')).rejects.toMatchObject({
        statusCode: 429,
      });
    }
    // One of the hundred checked the right password: its refund lets exactly one more in.
    await refunds[0]?.();
    const refund = await limits.countLoginAttempt('198.51.100.1', 'VICTIM');
    await expect(limits.countLoginAttempt('198.51.100.2', 'victim')).rejects.toMatchObject({
      statusCode: 429,
    });
    await refund();
    // The refused attempts from 198.51.100.1 were not left on its address either.
    for (let i = 0; i < MAX_LOGIN_ATTEMPTS_PER_ADDRESS; i += 1) {
      await limits.countLoginAttempt('198.51.100.1', `someone-${i}`);
    }
    await expect(limits.countLoginAttempt('198.51.100.1', 'one-more')).rejects.toMatchObject({
      statusCode: 429,
    });
  });

  const victim = { id: 7, username: 'Victim' };

  test("a logged-in owner's password check is not held back by the username's count at the login form", async () => {
    const limits = await openLimits();
    for (let i = 0; i < MAX_LOGIN_ATTEMPTS_PER_USERNAME; i += 1) {
      await limits.countLoginAttempt(`192.0.2.${i}`, 'victim');
    }
    await expect(limits.countLoginAttempt('198.51.100.1', 'victim')).rejects.toMatchObject({
      statusCode: 429,
    });
    const refund = await limits.countPasswordCheck('198.51.100.1', victim);
    await refund();
  });

  test("password checks share one address's count with the login form, and have the user's own count from all addresses", async () => {
    const limits = await openLimits();
    // The login form's guesses from one address hold back the password checks there...
    for (let i = 0; i < MAX_LOGIN_ATTEMPTS_PER_USERNAME_AND_ADDRESS; i += 1) {
      await limits.countLoginAttempt('198.51.100.2', 'VICTIM');
    }
    await expect(limits.countPasswordCheck('198.51.100.2', victim)).rejects.toMatchObject({
      statusCode: 429,
    });
    // ...and a login cookie checking from a new address each time is held by the user's count.
    for (let i = 0; i < MAX_PASSWORD_CHECKS_PER_USER; i += 1) {
      await limits.countPasswordCheck(`203.0.113.${i}`, victim);
    }
    await expect(limits.countPasswordCheck('203.0.113.200', victim)).rejects.toMatchObject({
      statusCode: 429,
    });
    // Another user's checks are their own.
    const refund = await limits.countPasswordCheck('203.0.113.200', { id: 8, username: 'other' });
    await refund();
  });
});
