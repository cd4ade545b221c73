import { afterEach, beforeEach, expect, test } from 'vitest';
import type { Session } from '#shared/schemas/sessions.ts';
import { createLoggedInUser } from '#testing/factories.ts';
import { createRules } from '#testing/rules.ts';
import { buildSession, createSession } from '#testing/sessions.ts';
import { createTestApp, describeEachDialect, type TestApp } from '#testing/test-app.ts';
import { copyVersion } from '#testing/versions.ts';
import { KEPT_DETAILS, sizeOfDetails } from './kept-details.ts';

describeEachDialect('details of sessions kept between requests', (dialect) => {
  let t: TestApp;
  let cookie: string;
  let ownerId: number;
  beforeEach(async () => {
    t = await createTestApp(dialect);
    const owner = await createLoggedInUser(t.app);
    ({ cookie } = owner);
    ownerId = owner.user.id;
  });
  afterEach(() => t.close());

  const ask = (id: number, as = cookie) =>
    t.app.inject({ method: 'GET', url: `/api/sessions/${id}`, headers: { cookie: as } });
  const details = async (id: number) => {
    const response = await ask(id);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{ session: Session }>().session;
  };
  /** Changed behind the server's back: no write of the app changes the version. */
  const renameInDatabase = (name: string) =>
    t.database.db.updateTable('trading_sessions').set({ name }).execute();
  const send = async (method: 'PUT' | 'DELETE' | 'POST', url: string, payload?: object) => {
    const response = await t.app.inject({ method, url, headers: { cookie }, payload });
    expect(response.statusCode, response.body).toBe(200);
  };

  test('a session’s details are given again until a write of the trader’s sessions', async () => {
    const [rule] = await createRules(t.app, cookie, [{ description: 'Wait for the setup' }]);
    const session = await createSession(t.app, cookie, {
      name: 'First',
      rulesFollowed: [{ ruleId: rule!.id, followed: true }],
    });
    expect(await details(session.id)).toMatchObject({ name: 'First', complianceRating: 100 });
    await renameInDatabase('Renamed');
    // Still the kept details: the keeping is real…
    expect((await details(session.id)).name).toBe('First');
    // …until the trader writes a session, any session.
    await createSession(t.app, cookie, {
      name: 'Another',
      rulesFollowed: [{ ruleId: rule!.id, followed: false }],
    });
    expect((await details(session.id)).name).toBe('Renamed');

    await send(
      'PUT',
      `/api/sessions/${session.id}`,
      buildSession({ name: 'Edited', rulesFollowed: [{ ruleId: rule!.id, followed: false }] }),
    );
    expect(await details(session.id)).toMatchObject({
      name: 'Edited',
      complianceRating: 0,
      rulesFollowed: [{ ruleId: rule!.id, description: 'Wait for the setup', followed: false }],
    });

    await send('DELETE', `/api/sessions/${session.id}`);
    expect((await ask(session.id)).statusCode).toBe(404);
  });

  test('details kept for their trader are never given to another', async () => {
    const session = await createSession(t.app, cookie, { name: 'Mine' });
    expect((await details(session.id)).name).toBe('Mine');
    const other = await createLoggedInUser(t.app);
    // Even with the same version of their sessions: details are kept per trader, not per
    // session.
    await copyVersion(t.database, 'summaries_version', ownerId, other.user.id);
    const theirs = await ask(session.id, other.cookie);
    expect(theirs.statusCode).toBe(404);
    expect(theirs.body).not.toContain('Mine');
    // Nor is a refusal kept for the owner.
    expect((await details(session.id)).name).toBe('Mine');
  });

  test('a trader who hides money amounts never gets them from kept details', async () => {
    const session = await createSession(t.app, cookie, { resultMoney: 250, resultR: 2 });
    expect(await details(session.id)).toMatchObject({ resultMoney: 250, resultR: 2 });
    await send('PUT', '/api/auth/update-profile', {
      preferences: { results: { hideMoney: true } },
    });
    expect(await details(session.id)).toMatchObject({ resultMoney: null, resultR: 2 });
  });
});

test('details are counted by their texts and rows, and the largest a trader can make fits', () => {
  const base: Session = {
    id: 1,
    name: 'Morning',
    date: '2026-03-14T00:00:00.000Z',
    sessionTypeId: 1,
    complianceRating: 100,
    followedCount: 0,
    totalCount: 0,
    screenshotPath: null,
    resultMoney: null,
    resultR: null,
    createdAt: '2026-03-14T09:00:00.000Z',
    notes: null,
    rulesFollowed: [],
    version: 1,
  };
  expect(sizeOfDetails(base)).toBe(107);
  const largest = {
    ...base,
    name: 'n'.repeat(100),
    notes: 'x'.repeat(5_000),
    rulesFollowed: Array.from({ length: 100 }, (_, i) => ({
      ruleId: i + 1,
      description: 'd'.repeat(500),
      followed: true,
    })),
  };
  expect(sizeOfDetails(largest)).toBe(100 + 100 + 5_000 + 100 * 600);
  expect(sizeOfDetails(largest)).toBeLessThanOrEqual(KEPT_DETAILS.maxEntrySize);
});
