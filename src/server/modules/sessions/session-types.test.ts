import { afterEach, beforeEach, expect, test } from 'vitest';
import { createLoggedInUser } from '#testing/factories.ts';
import { createTestApp, describeEachDialect, type TestApp } from '#testing/test-app.ts';

describeEachDialect('session types', (dialect) => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp(dialect);
  });
  afterEach(() => t.close());

  test('a trader gets the five market sessions, in order, with their UTC times', async () => {
    const { cookie } = await createLoggedInUser(t.app);
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/session-types',
      headers: { cookie },
    });
    expect(response.statusCode).toBe(200);
    const { sessionTypes } = response.json<{
      sessionTypes: Array<{ id: number; name: string; startTime: string; endTime: string }>;
    }>();
    expect(
      sessionTypes.map(({ name, startTime, endTime }) => `${name} (${startTime}-${endTime})`),
    ).toEqual([
      'Sydney (22:00-07:00)',
      'Tokyo (00:00-09:00)',
      'London (08:00-17:00)',
      'New York (13:00-22:00)',
      'London–New York overlap (13:00-17:00)',
    ]);
    expect(new Set(sessionTypes.map((type) => type.id)).size).toBe(5);
  });

  test('the list needs a login', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/session-types' });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ message: 'You are not logged in' });
  });
});
