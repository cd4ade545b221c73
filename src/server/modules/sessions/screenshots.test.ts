import { utimes, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import type { Session } from '#shared/schemas/sessions.ts';
import { createLoggedInUser } from '#testing/factories.ts';
import { createJpegWithGps, createPng, createPngClaimingSize, toDataUrl } from '#testing/images.ts';
import { buildSession, createSession } from '#testing/sessions.ts';
import { createTestApp, describeEachDialect, type TestApp } from '#testing/test-app.ts';
import { imageFolders } from '../../image-folders.ts';
import { SWEEP_GRACE_MS, sweepImages } from '../../storage/sweep.ts';

const NOT_AN_IMAGE = 'The screenshot must be a PNG, JPEG, WebP or GIF image';

describeEachDialect('session screenshots', (dialect) => {
  let t: TestApp;
  let cookie: string;
  beforeEach(async () => {
    t = await createTestApp(dialect);
    ({ cookie } = await createLoggedInUser(t.app));
  });
  afterEach(() => t.close());

  const get = (url: string, as = cookie) =>
    t.app.inject({ method: 'GET', url, headers: { cookie: as } });
  const countSessions = async () =>
    (await t.database.db.selectFrom('trading_sessions').select('id').execute()).length;
  const withScreenshot = async (bytes?: Buffer) =>
    createSession(t.app, cookie, { screenshotData: toDataUrl(bytes ?? (await createPng())) });

  describe('a stored screenshot', () => {
    test('is served to its owner with its type, nosniff and private caching', async () => {
      const session = await withScreenshot(await createPng(300, 200));
      expect(session.screenshotPath).toMatch(/^[A-Za-z0-9_-]{22}\.png$/);

      const image = await get(`/api/screenshots/${session.screenshotPath}`);
      expect(image.statusCode).toBe(200);
      expect(image.headers['content-type']).toBe('image/png');
      expect(image.headers['x-content-type-options']).toBe('nosniff');
      expect(image.headers['cache-control']).toBe('private, max-age=31536000, immutable');
      expect(await sharp(image.rawPayload).metadata()).toMatchObject({
        format: 'png',
        width: 300,
        height: 200,
      });

      const thumbnail = await get(`/api/screenshots/${session.screenshotPath}/thumbnail`);
      expect(thumbnail.statusCode).toBe(200);
      expect(thumbnail.headers['content-type']).toBe('image/webp');
      const small = await sharp(thumbnail.rawPayload).metadata();
      expect(small.format).toBe('webp');
      expect(small.width).toBeLessThanOrEqual(480);
    });

    test('is re-encoded without its metadata (no GPS position leaves with it)', async () => {
      const original = await createJpegWithGps();
      expect((await sharp(original).metadata()).exif).toBeDefined();
      const session = await withScreenshot(original);
      expect(session.screenshotPath).toMatch(/\.jpg$/);
      const image = await get(`/api/screenshots/${session.screenshotPath}`);
      expect(image.headers['content-type']).toBe('image/jpeg');
      expect((await sharp(image.rawPayload).metadata()).exif).toBeUndefined();
    });

    test('a GIF is kept as a PNG of its first frame', async () => {
      const gif = await sharp({
        create: { width: 20, height: 10, channels: 3, background: '#0a0' },
      })
        .gif()
        .toBuffer();
      const session = await withScreenshot(gif);
      expect(session.screenshotPath).toMatch(/\.png$/);
    });

    test("another trader's screenshot and thumbnail answer 404, as does a made-up one", async () => {
      const session = await withScreenshot();
      const other = await createLoggedInUser(t.app);
      for (const url of [
        `/api/screenshots/${session.screenshotPath}`,
        `/api/screenshots/${session.screenshotPath}/thumbnail`,
        '/api/screenshots/AAAAAAAAAAAAAAAAAAAAAA.png',
      ]) {
        const response = await get(url, other.cookie);
        expect(response.statusCode, url).toBe(404);
        expect(response.json()).toEqual({ message: 'Screenshot not found' });
      }
    });

    test('a reference that the server could not have made answers 400', async () => {
      for (const ref of ['..%2F..%2Fetc%2Fpasswd', 'x.svg', `${'A'.repeat(22)}.html`]) {
        expect((await get(`/api/screenshots/${ref}`)).statusCode, ref).toBe(400);
      }
    });
  });

  describe('an upload that is not a usable image', () => {
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
    );
    const html = Buffer.from('<!doctype html><script>alert(1)</script>');

    test.each([
      { case: 'an SVG', dataUrl: () => toDataUrl(svg, 'image/svg+xml') },
      { case: 'an HTML page renamed as a PNG', dataUrl: () => toDataUrl(html, 'image/png') },
      {
        case: 'a truncated PNG',
        dataUrl: async () => {
          const png = await createPng(200, 200);
          return toDataUrl(png.subarray(0, Math.floor(png.length / 2)));
        },
      },
      {
        case: 'a PNG signature and nothing else',
        dataUrl: async () => toDataUrl((await createPng()).subarray(0, 8)),
      },
      { case: 'broken base64', dataUrl: () => 'data:image/png;base64,@@@@' },
      // Once minutes of the server's thread (src/server/images/data-url.test.ts).
      {
        case: 'a megabyte of padding',
        dataUrl: () => `data:image/png;base64,${'='.repeat(1_000_000)}A`,
      },
    ])('$case answers 400, and nothing is stored', async ({ dataUrl }) => {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/sessions',
        headers: { cookie },
        payload: buildSession({ screenshotData: await dataUrl() }),
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({
        message: NOT_AN_IMAGE,
        issues: [{ path: 'screenshotData', message: NOT_AN_IMAGE }],
      });
      expect(await countSessions()).toBe(0);
      expect(await t.listImageFiles()).toEqual([]);
    });

    test('a 30,000 × 30,000 pixel image answers 400 before it is decoded', async () => {
      const bomb = await createPngClaimingSize(30_000, 30_000);
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/sessions',
        headers: { cookie },
        payload: buildSession({ screenshotData: toDataUrl(bomb) }),
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe('The screenshot is too large: at most 40 megapixels');
      expect(await countSessions()).toBe(0);
      expect(await t.listImageFiles()).toEqual([]);
    });

    test('an image over 10 MB answers 413 with a message, and nothing is stored', async () => {
      const tooBig = Buffer.alloc(10 * 1024 * 1024 + 1, 1);
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/sessions',
        headers: { cookie },
        payload: buildSession({ screenshotData: toDataUrl(tooBig) }),
      });
      expect(response.statusCode).toBe(413);
      expect(response.json().message).toBe('The screenshot must be at most 10 MB');
      expect(await countSessions()).toBe(0);
    });

    test('a body over the upload limit answers 413 with a message', async () => {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/sessions',
        headers: { cookie, 'content-type': 'application/json' },
        payload: JSON.stringify(buildSession({ screenshotData: `data:,${'A'.repeat(16e6)}` })),
      });
      expect(response.statusCode).toBe(413);
      expect(response.json()).toEqual({ message: 'The screenshot must be at most 10 MB' });
      // Other routes keep their small limit and their plain words.
      const rule = await t.app.inject({
        method: 'POST',
        url: '/api/rules',
        headers: { cookie, 'content-type': 'application/json' },
        payload: JSON.stringify({ description: 'x'.repeat(2 * 1024 * 1024) }),
      });
      expect(rule.statusCode).toBe(413);
      expect(rule.json()).toEqual({ message: 'The request is too large' });
    });
  });

  describe('files are never orphaned', () => {
    test('a failed insert leaves no file behind', async () => {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/sessions',
        headers: { cookie },
        payload: buildSession({
          screenshotData: toDataUrl(await createPng()),
          rulesFollowed: [{ ruleId: 424242, followed: true }],
        }),
      });
      expect(response.statusCode).toBe(400);
      expect(await countSessions()).toBe(0);
      expect(await t.listImageFiles()).toEqual([]);
    });

    test('replacing, keeping and removing a screenshot leaves only the files in use', async () => {
      const session = await withScreenshot();
      const first = session.screenshotPath!;
      expect(await t.listImageFiles()).toEqual([
        `screenshots/${first}`,
        `thumbnails/${first}.webp`,
      ]);
      const edit = async (screenshotData?: string | null) => {
        const response = await t.app.inject({
          method: 'PUT',
          url: `/api/sessions/${session.id}`,
          headers: { cookie },
          payload: buildSession(screenshotData === undefined ? {} : { screenshotData }),
        });
        expect(response.statusCode).toBe(200);
        return response.json<{ session: Session }>().session;
      };

      const kept = await edit(undefined);
      expect(kept.screenshotPath).toBe(first);
      const replaced = await edit(toDataUrl(await createPng(50, 50)));
      const second = replaced.screenshotPath!;
      expect(second).not.toBe(first);
      expect(await t.listImageFiles()).toEqual([
        `screenshots/${second}`,
        `thumbnails/${second}.webp`,
      ]);
      expect((await get(`/api/screenshots/${first}`)).statusCode).toBe(404);
      const removed = await edit(null);
      expect(removed.screenshotPath).toBeNull();
      expect(await t.listImageFiles()).toEqual([]);
    });

    test('a failed edit keeps the old screenshot and leaves no new file', async () => {
      const session = await withScreenshot();
      const before = await t.listImageFiles();
      const response = await t.app.inject({
        method: 'PUT',
        url: `/api/sessions/${session.id}`,
        headers: { cookie },
        payload: buildSession({
          screenshotData: toDataUrl(await createPng(60, 60)),
          rulesFollowed: [{ ruleId: 424242, followed: true }],
        }),
      });
      expect(response.statusCode).toBe(400);
      expect(await t.listImageFiles()).toEqual(before);
    });

    test('deleting sessions, one or several, deletes their files', async () => {
      const one = await withScreenshot();
      const two = await withScreenshot();
      const three = await withScreenshot();
      await t.app.inject({ method: 'DELETE', url: `/api/sessions/${one.id}`, headers: { cookie } });
      await t.app.inject({
        method: 'POST',
        url: '/api/sessions/bulk-delete',
        headers: { cookie },
        payload: { ids: [two.id] },
      });
      expect(await t.listImageFiles()).toEqual([
        `screenshots/${three.screenshotPath}`,
        `thumbnails/${three.screenshotPath}.webp`,
      ]);
    });

    test('the sweep removes old files that no session references, and nothing else', async () => {
      const kept = await withScreenshot();
      const orphan = 'BBBBBBBBBBBBBBBBBBBBBB.png';
      const young = 'CCCCCCCCCCCCCCCCCCCCCC.png';
      const png = await createPng();
      for (const ref of [orphan, young]) {
        await t.images.put(`screenshots/${ref}`, png);
        await t.images.put(`thumbnails/${ref}.webp`, png);
      }
      // Put there by hand: no key of the app's is named so, and they are not the sweep's.
      const byHand = ['screenshots/notes.txt', 'thumbnails/notes.txt', 'thumbnails/x.png.webp'];
      for (const key of byHand) await t.images.put(key, png);
      const now = new Date();
      const old = new Date(now.getTime() - SWEEP_GRACE_MS - 60_000);
      for (const file of await t.listImageFiles()) {
        if (file.includes(young)) continue;
        await utimes(join(t.imageDir, file), old, old);
      }

      // A sweep asked to stop (the server is shutting down) ends first, and leaves them.
      const files = await t.listImageFiles();
      const folders = imageFolders(t.database);
      expect(
        await sweepImages({ images: t.images, folders, now, stopping: AbortSignal.abort() }),
      ).toBe(0);
      expect(await t.listImageFiles()).toEqual(files);

      expect(await sweepImages({ images: t.images, folders, now })).toBe(2);
      expect(await t.listImageFiles()).toEqual(
        [
          `screenshots/${kept.screenshotPath}`,
          `screenshots/${young}`,
          `thumbnails/${kept.screenshotPath}.webp`,
          `thumbnails/${young}.webp`,
          ...byHand,
        ].sort(),
      );
    });

    test('the sweep removes the temporary files of writes a crash cut short, once old, and nothing else', async () => {
      const kept = await withScreenshot();
      // As a kill between opening a temporary file and renaming it leaves them.
      const abandoned = ['screenshots/.tmp-0123456789abcdef', 'thumbnails/.tmp-fedcba9876543210'];
      const underWay = 'screenshots/.tmp-00112233445566ff';
      for (const file of [...abandoned, underWay]) {
        await writeFile(join(t.imageDir, file), 'half an image');
      }
      const now = new Date();
      const old = new Date(now.getTime() - SWEEP_GRACE_MS - 60_000);
      for (const file of await t.listImageFiles()) {
        if (file !== underWay) await utimes(join(t.imageDir, file), old, old);
      }

      expect(await sweepImages({ images: t.images, folders: imageFolders(t.database), now })).toBe(
        2,
      );
      expect(await t.listImageFiles()).toEqual(
        [
          `screenshots/${kept.screenshotPath}`,
          underWay,
          `thumbnails/${kept.screenshotPath}.webp`,
        ].sort(),
      );
    });
  });
});
