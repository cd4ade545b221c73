import { afterEach, beforeEach, expect, test } from 'vitest';
import { withCommitFaults } from '#testing/commit-faults.ts';
import { exportZip, postImport } from '#testing/data-transfer.ts';
import { createLoggedInUser } from '#testing/factories.ts';
import { createPng, toDataUrl } from '#testing/images.ts';
import { buildSession, createSession } from '#testing/sessions.ts';
import { createTestApp, describeEachDialect, type TestApp } from '#testing/test-app.ts';

/**
 * A write can be told it failed after the database applied its commit (the connection lost as
 * COMMIT was answered). The row is stored then, and the image files it points at must stay:
 * removing them, as a write that did not commit does, would leave a session whose screenshot
 * is gone. Files of a write that did not commit are removed at once (screenshots.test.ts).
 */
describeEachDialect('a write told it failed after its commit applied', (dialect) => {
  let t: TestApp;
  let faults: ReturnType<typeof withCommitFaults>;
  let trader: Awaited<ReturnType<typeof createLoggedInUser>>;
  beforeEach(async () => {
    t = await createTestApp(dialect, {
      wrapDatabase: (database) => {
        faults = withCommitFaults(database);
        return faults.database;
      },
    });
    trader = await createLoggedInUser(t.app);
  });
  afterEach(() => t.close());

  /** Runs `request` with every commit answered by an error; answers its status. */
  const withFailingCommits = async (request: () => Promise<{ statusCode: number }>) => {
    faults.failCommits(true);
    try {
      return (await request()).statusCode;
    } finally {
      faults.failCommits(false);
    }
  };
  const screenshotRefs = async () =>
    (
      await t.database.db
        .selectFrom('trading_sessions')
        .select('screenshot_ref')
        .orderBy('id')
        .execute()
    ).map((row) => row.screenshot_ref);
  const expectScreenshotServed = async (ref: string | null, cookie = trader.cookie) => {
    expect(ref).not.toBeNull();
    for (const url of [`/api/screenshots/${ref}`, `/api/screenshots/${ref}/thumbnail`]) {
      const response = await t.app.inject({ method: 'GET', url, headers: { cookie } });
      expect(response.statusCode, url).toBe(200);
    }
  };

  test('a new session keeps its screenshot', async () => {
    const status = await withFailingCommits(async () =>
      t.app.inject({
        method: 'POST',
        url: '/api/sessions',
        headers: { cookie: trader.cookie },
        payload: buildSession({ screenshotData: toDataUrl(await createPng()) }),
      }),
    );
    expect(status).toBe(500);
    const [ref] = await screenshotRefs();
    await expectScreenshotServed(ref!);
  });

  test('an edit keeps the screenshot it put in place', async () => {
    const session = await createSession(t.app, trader.cookie, {
      screenshotData: toDataUrl(await createPng()),
    });
    const status = await withFailingCommits(async () =>
      t.app.inject({
        method: 'PUT',
        url: `/api/sessions/${session.id}`,
        headers: { cookie: trader.cookie },
        payload: buildSession({ screenshotData: toDataUrl(await createPng(50, 50)) }),
      }),
    );
    expect(status).toBe(500);
    const [ref] = await screenshotRefs();
    expect(ref).not.toBe(session.screenshotPath);
    await expectScreenshotServed(ref!);
  });

  test('an import keeps the screenshots of the sessions it added', async () => {
    await createSession(t.app, trader.cookie, { screenshotData: toDataUrl(await createPng()) });
    const zip = await exportZip(t.app, trader.cookie);
    const other = await createLoggedInUser(t.app);
    expect(await withFailingCommits(() => postImport(t.app, other.cookie, zip))).toBe(500);
    const [, imported] = await screenshotRefs();
    await expectScreenshotServed(imported!, other.cookie);
  });

  test('a new profile picture keeps its file', async () => {
    const status = await withFailingCommits(async () =>
      t.app.inject({
        method: 'PUT',
        url: '/api/auth/update-profile',
        headers: { cookie: trader.cookie },
        payload: { avatar: toDataUrl(await createPng()) },
      }),
    );
    expect(status).toBe(500);
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/user',
      headers: { cookie: trader.cookie },
    });
    const { avatar } = me.json<{ user: { avatar: string | null } }>().user;
    expect(avatar).not.toBeNull();
    const picture = await t.app.inject({
      method: 'GET',
      url: avatar!,
      headers: { cookie: trader.cookie },
    });
    expect(picture.statusCode).toBe(200);
  });
});
