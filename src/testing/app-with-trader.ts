import { afterEach, beforeEach } from 'vitest';
import { createLoggedInUser } from './factories.ts';
import type { DialectName } from '#server/db/dialect.ts';
import { createTestApp, type TestApp } from './test-app.ts';

/**
 * A fresh app and a trader logged in on it for each test of the suite that calls this (in a
 * `describe`): read them from the object it answers, whose fields each test's set-up replaces.
 */
export function useAppWithTrader(dialect: DialectName) {
  const current = {} as { t: TestApp; cookie: string };
  beforeEach(async () => {
    current.t = await createTestApp(dialect);
    ({ cookie: current.cookie } = await createLoggedInUser(current.t.app));
  });
  afterEach(() => current.t.close());
  return current;
}
