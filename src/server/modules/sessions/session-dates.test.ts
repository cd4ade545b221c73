import { afterEach, beforeEach, expect, test } from 'vitest';
import type { Session } from '#shared/schemas/sessions.ts';
import { exportZip, importFile } from '#testing/data-transfer.ts';
import { createLoggedInUser } from '#testing/factories.ts';
import { buildSession, createSession } from '#testing/sessions.ts';
import { createTestApp, describeEachDialect, type TestApp } from '#testing/test-app.ts';

/** Late on 14 March in London: already 15 March in Auckland and Kiritimati (UTC+14). */
const NOW = new Date('2026-03-14T23:30:00.000Z');
const FUTURE = { path: 'date', message: 'Date cannot be in the future' };

describeEachDialect("a session's date is its trader's today or before", (dialect) => {
  let t: TestApp;
  let cookie: string;
  beforeEach(async () => {
    t = await createTestApp(dialect, { now: () => NOW });
    ({ cookie } = await createLoggedInUser(t.app));
  });
  afterEach(() => t.close());

  const post = (date: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/sessions',
      headers: { cookie },
      payload: buildSession({ date }),
    });
  const put = (id: number, changes: object) =>
    t.app.inject({
      method: 'PUT',
      url: `/api/sessions/${id}`,
      headers: { cookie },
      payload: { ...buildSession(), rulesFollowed: [], ...changes },
    });
  const datesStored = async () =>
    (
      await t.database.db
        .selectFrom('trading_sessions')
        .select('session_date')
        .orderBy('session_date')
        .execute()
    ).map((row) => String(row.session_date).slice(0, 10));

  test("today, and the UTC day after (today where the day starts first), are a session's", async () => {
    expect((await post('2026-03-14')).statusCode).toBe(201);
    expect((await post('2026-03-15T00:00:00.000Z')).statusCode).toBe(201);
    expect(await datesStored()).toEqual(['2026-03-14', '2026-03-15']);
  });

  test.each(['2026-03-16', '2026-12-31', '9998-12-31'])(
    '%s is in the future everywhere: 400 on date, nothing stored',
    async (date) => {
      const response = await post(date);
      expect(response.statusCode).toBe(400);
      expect(response.json().issues).toEqual([FUTURE]);
      expect(await datesStored()).toEqual([]);
    },
  );

  test('an edit cannot move a session into the future; the session stays as it was', async () => {
    const session = await createSession(t.app, cookie, { date: '2026-03-10', name: 'Before' });
    const refused = await put(session.id, { date: '2026-03-16', name: 'After' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().issues).toEqual([FUTURE]);
    const kept = await t.app.inject({
      method: 'GET',
      url: `/api/sessions/${session.id}`,
      headers: { cookie },
    });
    expect(kept.json<{ session: Session }>().session).toMatchObject({
      name: 'Before',
      date: '2026-03-10T00:00:00.000Z',
    });
    expect((await put(session.id, { date: '2026-03-15' })).statusCode).toBe(200);
  });

  test('a session dated ahead before the check keeps its date through an edit and an import', async () => {
    const session = await createSession(t.app, cookie, { date: '2026-03-10', name: 'Typo' });
    await t.database.db
      .updateTable('trading_sessions')
      .set({ session_date: '2062-03-10' })
      .where('id', '=', session.id)
      .execute();
    // Its name changes and its date stays: the trader is not made to change both at once.
    expect((await put(session.id, { date: '2062-03-10', name: 'Renamed' })).statusCode).toBe(200);
    // Moved to another day ahead, it is refused like any other.
    expect((await put(session.id, { date: '2062-03-11' })).json().issues).toEqual([FUTURE]);

    // An export holds the history as it is, and the import takes it back as it was.
    const zip = await exportZip(t.app, cookie);
    const other = await createLoggedInUser(t.app);
    expect(await importFile(t.app, other.cookie, zip)).toMatchObject({ sessionsAdded: 1 });
    expect(await datesStored()).toEqual(['2062-03-10', '2062-03-10']);
  });
});
