import { describe, expect, test } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

describe('configuration', () => {
  test('defaults run the app on port 5000 with SQLite under ./data', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 5000,
      host: '0.0.0.0',
      databaseUrl: undefined,
      isSignupOpen: true,
      trustProxy: false,
      cookieSecure: 'auto',
    });
    expect(config.dataDir).toMatch(/\/data$/);
  });

  test('values are read and converted', () => {
    const config = loadConfig({
      PORT: '8080',
      DATABASE_URL: 'postgresql://app@db:5432/rulekeeper',
      SIGNUP: 'closed',
      TRUST_PROXY: '2',
      COOKIE_SECURE: 'false',
      SIGNUP_RATE_LIMIT: '5',
      APP_NAME: 'Desk Rules',
    });
    expect(config).toMatchObject({
      port: 8080,
      databaseUrl: 'postgresql://app@db:5432/rulekeeper',
      isSignupOpen: false,
      trustProxy: 2,
      signupsPerHour: 5,
      cookieSecure: false,
      appName: 'Desk Rules',
    });
  });

  test.each([
    ['PORT', 'eighty'],
    ['PORT', '70000'],
    ['DATABASE_URL', 'mysql://root@localhost/db'],
    ['SIGNUP', 'sometimes'],
    ['TRUST_PROXY', 'yes please'],
    ['TRUST_PROXY', 'true'],
    ['TRUST_PROXY', '10.0.0.1,not-an-address'],
    ['TRUST_PROXY', '10.0.0.0/33'],
    ['SIGNUP_RATE_LIMIT', '0'],
    ['COOKIE_SECURE', 'always'],
    ['LOG_LEVEL', 'loud'],
    ['SMTP_URL', 'http://mail.example.com'],
    ['SMTP_URL', 'mail.example.com:587'],
    ['MAIL_FROM', 'not an address'],
    ['MAIL_FROM', 'Rulekeeper <not an address>'],
    ['MAIL_FROM', 'a@example.com\r\nBcc: everyone@example.com'],
    ['JOBS_INTERVAL_SECONDS', '-1'],
    ['JOBS_INTERVAL_SECONDS', '1.5'],
    ['JOBS_INTERVAL_SECONDS', 'often'],
    ['REDIS_URL', 'http://cache:6379'],
    ['REDIS_URL', 'cache:6379'],
  ])('a bad %s (%s) stops the start with a message naming it', (name, value) => {
    expect(() => loadConfig({ [name]: value })).toThrow(ConfigError);
    expect(() => loadConfig({ [name]: value })).toThrow(
      new RegExp(`^Invalid configuration:\\n  ${name}: `),
    );
  });

  test.each([
    ['false', false],
    ['0', false],
    ['1', 1],
    ['10.0.0.5', ['10.0.0.5']],
    ['10.0.0.0/8, loopback, ::1, fd00::/8', ['10.0.0.0/8', 'loopback', '::1', 'fd00::/8']],
  ])('TRUST_PROXY=%s trusts %j', (value, expected) => {
    expect(loadConfig({ TRUST_PROXY: value }).trustProxy).toEqual(expected);
  });

  test('TRUST_PROXY=true is refused with the forms that are accepted', () => {
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(
      'TRUST_PROXY: must be a hop count (such as 1) or the proxy addresses',
    );
  });

  test('mail is configured only with both SMTP_URL and MAIL_FROM; the jobs run every 5 minutes by default', () => {
    expect(loadConfig({})).toMatchObject({ mail: null, jobsIntervalSeconds: 300 });
    expect(loadConfig({ SMTP_URL: 'smtp://mail.example.com:587' }).mail).toBeNull();
    expect(loadConfig({ MAIL_FROM: 'desk@example.com' }).mail).toBeNull();
    expect(
      loadConfig({
        SMTP_URL: 'smtps://user:secret@mail.example.com',
        MAIL_FROM: ' Trading Desk <desk@example.com> ',
        JOBS_INTERVAL_SECONDS: '0',
      }),
    ).toMatchObject({
      mail: {
        smtpUrl: 'smtps://user:secret@mail.example.com',
        from: 'Trading Desk <desk@example.com>',
      },
      jobsIntervalSeconds: 0,
    });
    expect(
      loadConfig({ SMTP_URL: 'smtp://localhost:25', MAIL_FROM: '"Desk, Inc." <desk@example.com>' })
        .mail?.from,
    ).toBe('"Desk, Inc." <desk@example.com>');
  });

  test('REDIS_URL: unset by default; redis:// and rediss:// are taken; others are refused with the forms that are', () => {
    expect(loadConfig({}).redisUrl).toBeUndefined();
    expect(loadConfig({ REDIS_URL: 'redis://cache:6379/0' }).redisUrl).toBe('redis://cache:6379/0');
    expect(loadConfig({ REDIS_URL: 'rediss://:secret@cache.example.com:6380' }).redisUrl).toBe(
      'rediss://:secret@cache.example.com:6380',
    );
    expect(() => loadConfig({ REDIS_URL: 'memcached://cache:11211' })).toThrow(
      'REDIS_URL: must be a redis:// or rediss:// URL, such as redis://:password@redis-host:6379/0',
    );
  });
});
