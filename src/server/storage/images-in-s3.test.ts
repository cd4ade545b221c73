import { afterAll, afterEach, beforeAll, beforeEach, expect, test } from 'vitest';
import { createLoggedInUser } from '#testing/factories.ts';
import { createPng, toDataUrl } from '#testing/images.ts';
import { startTestS3Server, type TestBucket, type TestS3Server } from '#testing/s3-server.ts';
import { buildSession, createSession } from '#testing/sessions.ts';
import { createTestApp, describeEachDialect, type TestApp } from '#testing/test-app.ts';
import { imageFolders } from '../image-folders.ts';
import { SWEEP_GRACE_MS, sweepImages } from './sweep.ts';

let s3: TestS3Server;
beforeAll(async () => {
  s3 = await startTestS3Server();
});
afterAll(() => s3.close());

describeEachDialect('screenshots in an S3 bucket', (dialect) => {
  let t: TestApp;
  let bucket: TestBucket;
  let cookie: string;
  beforeEach(async () => {
    bucket = await s3.createBucket();
    // The app is built from S3_* variables, as the server is, with a prefix to show it is kept.
    t = await createTestApp(dialect, { s3: bucket, env: { S3_PREFIX: 'rulekeeper' } });
    ({ cookie } = await createLoggedInUser(t.app));
  });
  afterEach(() => t.close());

  const get = (url: string) => t.app.inject({ method: 'GET', url, headers: { cookie } });
  const withScreenshot = async () =>
    createSession(t.app, cookie, { screenshotData: toDataUrl(await createPng(300, 200)) });

  test('a screenshot and its thumbnail are stored in the bucket and served back', async () => {
    const { screenshotPath: ref } = await withScreenshot();
    expect(await bucket.listKeys()).toEqual([
      `rulekeeper/screenshots/${ref}`,
      `rulekeeper/thumbnails/${ref}.webp`,
    ]);

    const image = await get(`/api/screenshots/${ref}`);
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.rawPayload.equals((await t.images.get(`screenshots/${ref}`))!)).toBe(true);
    const thumbnail = await get(`/api/screenshots/${ref}/thumbnail`);
    expect(thumbnail.statusCode).toBe(200);
    expect(thumbnail.headers['content-type']).toBe('image/webp');
  });

  test('deleting the session deletes its objects', async () => {
    const session = await withScreenshot();
    const response = await t.app.inject({
      method: 'DELETE',
      url: `/api/sessions/${session.id}`,
      headers: { cookie },
    });
    expect(response.statusCode).toBe(200);
    expect(await bucket.listKeys()).toEqual([]);
    expect((await get(`/api/screenshots/${session.screenshotPath}`)).statusCode).toBe(404);
  });

  test('a failed save leaves no object behind', async () => {
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
    expect(await bucket.listKeys()).toEqual([]);
  });

  test('the sweep removes old objects no session references, and nothing else', async () => {
    const kept = await withScreenshot();
    const orphan = 'BBBBBBBBBBBBBBBBBBBBBB.png';
    const young = 'CCCCCCCCCCCCCCCCCCCCCC.png';
    const png = await createPng();
    for (const ref of [orphan, young]) {
      await t.images.put(`screenshots/${ref}`, png);
      await t.images.put(`thumbnails/${ref}.webp`, png);
    }
    const now = new Date();
    const old = new Date(now.getTime() - SWEEP_GRACE_MS - 60_000);
    for (const key of await t.listImageFiles()) {
      if (!key.includes(young)) await t.setImageWrittenAt(key, old);
    }

    expect(await sweepImages({ images: t.images, folders: imageFolders(t.database), now })).toBe(2);
    expect(await t.listImageFiles()).toEqual(
      [
        `screenshots/${kept.screenshotPath}`,
        `screenshots/${young}`,
        `thumbnails/${kept.screenshotPath}.webp`,
        `thumbnails/${young}.webp`,
      ].sort(),
    );
  });
});
