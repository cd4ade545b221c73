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
      TRUST_PROXY: 'true',
      COOKIE_SECURE: 'false',
      APP_NAME: 'Desk Rules',
    });
    expect(config).toMatchObject({
      port: 8080,
      databaseUrl: 'postgresql://app@db:5432/rulekeeper',
      isSignupOpen: false,
      trustProxy: true,
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
    ['COOKIE_SECURE', 'always'],
    ['LOG_LEVEL', 'loud'],
  ])('a bad %s (%s) stops the start with a message naming it', (name, value) => {
    expect(() => loadConfig({ [name]: value })).toThrow(ConfigError);
    expect(() => loadConfig({ [name]: value })).toThrow(
      new RegExp(`^Invalid configuration:\\n  ${name}: `),
    );
  });
});
