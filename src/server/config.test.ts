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
    ['TRUST_PROXY', '0.0.0.0/0'],
    ['TRUST_PROXY', '10.0.0.5,::/0'],
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
    ['IMPORT_MEMORY_MB', '32'],
    ['IMPORT_MEMORY_MB', 'lots'],
    ['IMPORT_MEMORY_MB', '16385'],
    ['JOBS_INTERVAL_SECONDS', '86401'],
    // Blank is not unset (an empty value is): Number(' ') would be 0, no jobs or any port.
    ['JOBS_INTERVAL_SECONDS', ' '],
    ['PORT', ' '],
    ['PORT', '0x1F90'],
    ['SIGNUP_RATE_LIMIT', '1e3'],
    ['IMPORT_MEMORY_MB', '99999999999999999999'],
    ['S3_BUCKET', 'My_Bucket'],
    ['S3_BUCKET', 'ab'],
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

  test('an import is read with 1024 MB unless IMPORT_MEMORY_MB says otherwise', () => {
    expect(loadConfig({}).importMemoryMb).toBe(1024);
    expect(loadConfig({ IMPORT_MEMORY_MB: '256' }).importMemoryMb).toBe(256);
  });

  test('without S3_BUCKET images stay on disk, and S3 settings have no effect', () => {
    expect(loadConfig({}).s3).toBeNull();
  });

  test('S3_BUCKET alone: AWS itself, us-east-1, the SDK own credentials, no prefix', () => {
    expect(loadConfig({ S3_BUCKET: 'desk-images' }).s3).toEqual({
      bucket: 'desk-images',
      endpoint: undefined,
      region: 'us-east-1',
      credentials: null,
      forcePathStyle: false,
      prefix: '',
    });
  });

  test('every S3 setting is read; the prefix ends with a slash', () => {
    expect(
      loadConfig({
        S3_BUCKET: 'rulekeeper.images',
        S3_ENDPOINT: 'http://minio.internal:9000',
        S3_REGION: 'eu-west-3',
        S3_ACCESS_KEY_ID: 'AKIAEXAMPLE',
        S3_SECRET_ACCESS_KEY: 'secret/with+chars',
        S3_FORCE_PATH_STYLE: 'true',
        S3_PREFIX: 'prod/rulekeeper',
      }).s3,
    ).toEqual({
      bucket: 'rulekeeper.images',
      endpoint: 'http://minio.internal:9000',
      region: 'eu-west-3',
      credentials: { accessKeyId: 'AKIAEXAMPLE', secretAccessKey: 'secret/with+chars' },
      forcePathStyle: true,
      prefix: 'prod/rulekeeper/',
    });
    expect(loadConfig({ S3_BUCKET: 'b-1', S3_PREFIX: 'staging/' }).s3?.prefix).toBe('staging/');
  });

  test.each([
    ['S3_ENDPOINT', 'minio.internal:9000', 'must be an http:// or https:// URL'],
    ['S3_ENDPOINT', 'ftp://minio.internal', 'must be an http:// or https:// URL'],
    ['S3_REGION', 'EU West', 'must be a region name'],
    ['S3_FORCE_PATH_STYLE', 'yes', 'must be true or false'],
    ['S3_PREFIX', '../other', 'must be folder names'],
    ['S3_PREFIX', '/rulekeeper/', 'must be folder names'],
    ['S3_PREFIX', 'a//b', 'must be folder names'],
  ])('a bad %s (%s) beside S3_BUCKET is refused, naming it', (name, value, message) => {
    expect(() => loadConfig({ S3_BUCKET: 'desk-images', [name]: value })).toThrow(
      new RegExp(`^Invalid configuration:\\n  ${name}: .*${message.replace(/[/.]/g, '\\$&')}`),
    );
  });

  test.each(['S3_ENDPOINT', 'S3_REGION', 'S3_PREFIX', 'S3_FORCE_PATH_STYLE', 'S3_ACCESS_KEY_ID'])(
    '%s without S3_BUCKET is refused: the images would silently stay on disk',
    (name) => {
      const value = name === 'S3_ENDPOINT' ? 'http://minio:9000' : 'true';
      expect(() => loadConfig({ [name]: value })).toThrow(
        `Invalid configuration:\n  ${name}: has no effect without S3_BUCKET`,
      );
    },
  );

  test('half an S3 key pair is refused, naming the missing half; no key pair is fine', () => {
    expect(() => loadConfig({ S3_BUCKET: 'b-1', S3_ACCESS_KEY_ID: 'AKIA' })).toThrow(
      'S3_SECRET_ACCESS_KEY: must be set with S3_ACCESS_KEY_ID',
    );
    expect(() => loadConfig({ S3_BUCKET: 'b-1', S3_SECRET_ACCESS_KEY: 's' })).toThrow(
      'S3_ACCESS_KEY_ID: must be set with S3_SECRET_ACCESS_KEY',
    );
    expect(
      loadConfig({ S3_BUCKET: 'b-1', S3_ACCESS_KEY_ID: '', S3_SECRET_ACCESS_KEY: '' }).s3,
    ).toMatchObject({ credentials: null });
  });

  test('no S3 error message shows the secret', () => {
    const secret = 'very-secret-value';
    const messageOf = (env: NodeJS.ProcessEnv) => {
      try {
        loadConfig(env);
      } catch (error) {
        return (error as Error).message;
      }
      throw new Error('expected the configuration to be refused');
    };
    for (const env of [
      { S3_SECRET_ACCESS_KEY: secret },
      { S3_SECRET_ACCESS_KEY: secret, S3_BUCKET: 'Bad_Bucket' },
      { S3_SECRET_ACCESS_KEY: secret, S3_BUCKET: 'b-1' },
    ]) {
      expect(messageOf(env)).toMatch(/^Invalid configuration:\n {2}S3_/);
      expect(messageOf(env)).not.toContain(secret);
    }
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
