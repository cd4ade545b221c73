import { afterEach, beforeEach, expect, test } from 'vitest';
import { createLoggedInUser } from '#testing/factories.ts';
import { createPng, toDataUrl } from '#testing/images.ts';
import { buildSession, createSession } from '#testing/sessions.ts';
import { createTestApp, describeEachDialect, type TestApp } from '#testing/test-app.ts';
import type { AppDatabase } from '../../db/client.ts';
import { createKeptScreenshots } from './kept-screenshots.ts';
import { screenshotKeys } from './screenshot-files.ts';

describeEachDialect('screenshots answered from what an instance keeps', (dialect) => {
  let t: TestApp;
  let cookie: string;
  beforeEach(async () => {
    t = await createTestApp(dialect);
    ({ cookie } = await createLoggedInUser(t.app));
  });
  afterEach(() => t.close());

  const get = (url: string, as = cookie) =>
    t.app.inject({ method: 'GET', url, headers: { cookie: as } });
  const withScreenshot = async (as = cookie) =>
    createSession(t.app, as, { screenshotData: toDataUrl(await createPng()) });
  const urls = (ref: string) => ({
    image: `/api/screenshots/${ref}`,
    thumbnail: `/api/screenshots/${ref}/thumbnail`,
  });
  /** Changed behind the server's back: no write of the app changes the trader's version. */
  const dropReferencesInDatabase = () =>
    t.database.db.updateTable('trading_sessions').set({ screenshot_ref: null }).execute();

  test('who holds a screenshot is kept until a write of the trader’s sessions', async () => {
    const session = await withScreenshot();
    const ref = session.screenshotPath!;
    for (const url of Object.values(urls(ref))) expect((await get(url)).statusCode, url).toBe(200);

    await dropReferencesInDatabase();
    // Still the kept answer: the keeping is real…
    for (const url of Object.values(urls(ref))) expect((await get(url)).statusCode, url).toBe(200);
    // …until the trader writes a session, any session.
    await createSession(t.app, cookie, { name: 'Another' });
    for (const url of Object.values(urls(ref))) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(404);
      expect(response.json()).toEqual({ message: 'Screenshot not found' });
    }
  });

  test('a deleted session’s screenshot answers 404 at once, though it was just seen', async () => {
    const session = await withScreenshot();
    const { image, thumbnail } = urls(session.screenshotPath!);
    expect((await get(thumbnail)).statusCode).toBe(200);
    expect((await get(image)).statusCode).toBe(200);

    const deleted = await t.app.inject({
      method: 'DELETE',
      url: `/api/sessions/${session.id}`,
      headers: { cookie },
    });
    expect(deleted.statusCode).toBe(200);
    expect((await get(thumbnail)).statusCode).toBe(404);
    expect((await get(image)).statusCode).toBe(404);
  });

  test('a replaced screenshot answers 404, and the new one is served', async () => {
    const session = await withScreenshot();
    const old = urls(session.screenshotPath!);
    expect((await get(old.thumbnail)).statusCode).toBe(200);
    const replaced = await t.app.inject({
      method: 'PUT',
      url: `/api/sessions/${session.id}`,
      headers: { cookie },
      payload: buildSession({ screenshotData: toDataUrl(await createPng(40, 30)) }),
    });
    expect(replaced.statusCode, replaced.body).toBe(200);
    const now = urls(
      replaced.json<{ session: { screenshotPath: string } }>().session.screenshotPath,
    );

    expect((await get(old.thumbnail)).statusCode).toBe(404);
    expect((await get(now.thumbnail)).statusCode).toBe(200);
  });

  test('what is kept for one trader is never given to another', async () => {
    const session = await withScreenshot();
    const ref = session.screenshotPath!;
    for (const url of Object.values(urls(ref))) expect((await get(url)).statusCode).toBe(200);
    const other = await createLoggedInUser(t.app);
    await withScreenshot(other.cookie);
    for (const url of Object.values(urls(ref))) {
      expect((await get(url, other.cookie)).statusCode, url).toBe(404);
    }
  });

  test('a thumbnail’s bytes are kept once read; the full image is read from the store each time', async () => {
    const session = await withScreenshot();
    const ref = session.screenshotPath!;
    const { image, thumbnail } = urls(ref);
    const first = await get(thumbnail);
    expect(first.statusCode).toBe(200);
    expect((await get(image)).statusCode).toBe(200);

    const keys = screenshotKeys(ref);
    await t.images.delete(keys.thumbnail);
    await t.images.delete(keys.image);
    const again = await get(thumbnail);
    expect(again.statusCode).toBe(200);
    expect(again.rawPayload.equals(first.rawPayload)).toBe(true);
    // The full image is never kept (up to 10 MB each): gone from the store, it is gone.
    expect((await get(image)).statusCode).toBe(404);
  });
});

test('a thumbnail forgotten (its screenshot deleted) is read from the store again', async () => {
  // The database is not asked for the thumbnails' bytes: none is needed here.
  const kept = createKeptScreenshots({} as AppDatabase);
  const reads: string[] = [];
  const read = (key: string) => async () => {
    reads.push(key);
    return Buffer.from(key);
  };
  expect(await kept.thumbnail('thumbnails/a.png.webp', read('thumbnails/a.png.webp'))).toEqual(
    Buffer.from('thumbnails/a.png.webp'),
  );
  await kept.thumbnail('thumbnails/a.png.webp', read('thumbnails/a.png.webp'));
  await kept.thumbnail('thumbnails/b.png.webp', read('thumbnails/b.png.webp'));
  expect(reads).toEqual(['thumbnails/a.png.webp', 'thumbnails/b.png.webp']);

  kept.forget(['thumbnails/a.png.webp']);
  await kept.thumbnail('thumbnails/a.png.webp', read('thumbnails/a.png.webp'));
  await kept.thumbnail('thumbnails/b.png.webp', read('thumbnails/b.png.webp'));
  expect(reads).toEqual([
    'thumbnails/a.png.webp',
    'thumbnails/b.png.webp',
    'thumbnails/a.png.webp',
  ]);
  // A thumbnail missing from the store is not kept as missing.
  expect(await kept.thumbnail('thumbnails/c.png.webp', async () => null)).toBeNull();
  expect(await kept.thumbnail('thumbnails/c.png.webp', read('thumbnails/c.png.webp'))).toEqual(
    Buffer.from('thumbnails/c.png.webp'),
  );
});
