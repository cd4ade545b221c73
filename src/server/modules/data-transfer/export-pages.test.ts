import type { KyselyPlugin } from 'kysely';
import { afterEach, beforeEach, expect, test } from 'vitest';
import { createLoggedInUser } from '#testing/factories.ts';
import { createSession } from '#testing/sessions.ts';
import { createTestApp, describeEachDialect, type TestApp } from '#testing/test-app.ts';
import { createDataTransferRepository } from './data-transfer.repository.ts';

describeEachDialect('the export’s pages of sessions', (dialect) => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp(dialect);
  });
  afterEach(() => t.close());

  test('a session whose date changes while the pages are read is written once, and none is left out', async () => {
    const { user, cookie } = await createLoggedInUser(t.app);
    const days = ['2026-03-01', '2026-03-02', '2026-03-03', '2026-03-04', '2026-03-05'];
    const sessions: Awaited<ReturnType<typeof createSession>>[] = [];
    for (const date of days)
      sessions.push(await createSession(t.app, cookie, { name: date, date }));
    const moveTo = (id: number, date: string) =>
      t.database.db
        .updateTable('trading_sessions')
        .set({ session_date: date })
        .where('id', '=', id)
        .execute();
    // As the first page (1 and 2 March) comes back, another device moves 1 March after every
    // other session, and 5 March before every other.
    let moved = false;
    const plugin: KyselyPlugin = {
      transformQuery: ({ node }) => node,
      transformResult: async ({ result }) => {
        const row = result.rows[0];
        if (!moved && row && 'sessionDate' in row) {
          moved = true;
          await moveTo(sessions[0]!.id, '2026-04-01');
          await moveTo(sessions[4]!.id, '2026-02-01');
        }
        return result;
      },
    };
    const repository = createDataTransferRepository(
      { ...t.database, db: t.database.db.withPlugin(plugin) },
      2,
    );
    const written: string[] = [];
    for await (const page of repository.sessionPages(user.id)) {
      written.push(...page.map((row) => row.name));
    }
    expect(moved).toBe(true);
    // Each once: the one moved ahead is not written again, the one moved behind is not lost
    // (it comes last, after the pages).
    expect(written).toEqual(days);
  });
});
