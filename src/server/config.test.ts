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
});
