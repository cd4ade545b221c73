import { afterEach, beforeEach, expect, test } from 'vitest';
import type { SessionsPage } from '#shared/schemas/sessions.ts';
import { exportZip, importFile } from '#testing/data-transfer.ts';
import { createLoggedInUser } from '#testing/factories.ts';
import { buildSession, createSession } from '#testing/sessions.ts';
import { createTestApp, describeEachDialect, type TestApp } from '#testing/test-app.ts';

describeEachDialect('pages of the history kept between requests', (dialect) => {
  let t: TestApp;
  let cookie: string;
  beforeEach(async () => {
    t = await createTestApp(dialect);
    ({ cookie } = await createLoggedInUser(t.app));
  });
  afterEach(() => t.close());

  const page = async (query = '', as = cookie) => {
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/sessions${query}`,
      headers: { cookie: as },
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<SessionsPage>();
  };
  const names = async (query = '', as = cookie) =>
    (await page(query, as)).sessions.map((session) => session.name);
  /** Changed behind the server's back: no write of the app changes the version. */
  const renameInDatabase = (name: string) =>
    t.database.db.updateTable('trading_sessions').set({ name }).execute();
  const send = async (method: 'PUT' | 'DELETE' | 'POST', url: string, payload?: object) => {
    const response = await t.app.inject({ method, url, headers: { cookie }, payload });
    expect(response.statusCode, response.body).toBe(200);
  };

  test('a page is given again while the trader’s sessions are unchanged', async () => {
    await createSession(t.app, cookie, { name: 'First' });
    expect(await names()).toEqual(['First']);
    await renameInDatabase('Renamed');
    // The kept page still stands, so the keeping is real…
    expect(await names()).toEqual(['First']);
    // …until a write of the trader's sessions.
    await createSession(t.app, cookie, { name: 'Second', date: '2026-03-15' });
    expect(await names()).toEqual(['Second', 'Renamed']);
  });

  test('every kind of write ends the kept pages', async () => {
    const first = await createSession(t.app, cookie, { name: 'First', date: '2026-03-10' });
    const second = await createSession(t.app, cookie, { name: 'Second', date: '2026-03-11' });
    expect(await names()).toEqual(['Second', 'First']);

    await send('PUT', `/api/sessions/${first.id}`, buildSession({ name: 'Edited' }));
    expect(await names()).toEqual(['Edited', 'Second']); // now dated 2026-03-14

    await send('DELETE', `/api/sessions/${first.id}`);
    expect(await names()).toEqual(['Second']);

    await send('POST', '/api/sessions/bulk-delete', { ids: [second.id] });
    expect(await names()).toEqual([]);

    // Another trader's history, taken in by an import.
    const other = await createLoggedInUser(t.app);
    await createSession(t.app, other.cookie, { name: 'Theirs' });
    await importFile(t.app, cookie, await exportZip(t.app, other.cookie));
    expect(await names()).toEqual(['Theirs']);
  });

  test('each trader and each query has a page of its own', async () => {
    await createSession(t.app, cookie, { name: 'March', date: '2026-03-10', sessionTypeId: 1 });
    await createSession(t.app, cookie, { name: 'April', date: '2026-04-10', sessionTypeId: 2 });
    const other = await createLoggedInUser(t.app);
    await createSession(t.app, other.cookie, { name: 'Theirs' });

    expect(await names()).toEqual(['April', 'March']);
    expect(await names('', other.cookie)).toEqual(['Theirs']);
    expect(await names('?sessionTypeId=1')).toEqual(['March']);
    expect(await names('?from=2026-04-01')).toEqual(['April']);
    expect(await names('?to=2026-03-31')).toEqual(['March']);
    const first = await page('?limit=1');
    expect(first.sessions.map((session) => session.name)).toEqual(['April']);
    expect(await names(`?limit=1&cursor=${first.nextCursor}`)).toEqual(['March']);
    expect(await names('?hasScreenshot=true')).toEqual([]);
    expect(await names('?band=green')).toEqual([]);
    // And the first questions again, each with its own answer.
    expect(await names('', other.cookie)).toEqual(['Theirs']);
    expect(await names()).toEqual(['April', 'March']);
  });

  test('reads in parallel with writes never leave a page or figures older than the last write', async () => {
    // On PostgreSQL the reads run on other connections while the writes commit: a read may
    // compute from a newer state than the version it read, and finish after a newer read.
    // Whatever is kept then, the page asked for after the last write must show every write.
    const saves = Array.from({ length: 12 }, (_, i) =>
      createSession(t.app, cookie, { name: `S${i}`, date: `2026-03-${String(10 + i)}` }),
    );
    const reads = Array.from({ length: 24 }, (_, i) =>
      i % 2 ? page() : t.app.inject({ method: 'GET', url: '/api/analytics', headers: { cookie } }),
    );
    await Promise.all([...saves, ...reads]);
    for (let ask = 0; ask < 2; ask++) {
      expect((await page()).sessions).toHaveLength(12);
      const figures = await t.app.inject({
        method: 'GET',
        url: '/api/analytics?from=2026-03-01&to=2026-03-31',
        headers: { cookie },
      });
      expect(figures.json<{ monthlyTrends: { totalSessions: number }[] }>().monthlyTrends).toEqual([
        expect.objectContaining({ totalSessions: 12 }),
      ]);
    }
  });

  test('a trader who hides money amounts never gets them from a kept page', async () => {
    await createSession(t.app, cookie, { resultMoney: 250, resultR: 2 });
    expect((await page()).sessions[0]).toMatchObject({ resultMoney: 250, resultR: 2 });
    // A change of preferences is not a session write: the page stays kept, the privacy applies.
    await send('PUT', '/api/auth/update-profile', {
      preferences: { results: { hideMoney: true } },
    });
    expect((await page()).sessions[0]).toMatchObject({ resultMoney: null, resultR: 2 });
  });
});
