import { utimes } from 'node:fs/promises';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterEach, beforeEach, expect, test } from 'vitest';
import type { User } from '#shared/schemas/auth.ts';
import { createLoggedInUser } from '#testing/factories.ts';
import { createPng, createPngClaimingSize, toDataUrl } from '#testing/images.ts';
import { createTestApp, describeEachDialect, type TestApp } from '#testing/test-app.ts';
import { imageFolders } from '../../image-folders.ts';
import { SWEEP_GRACE_MS, sweepImages } from '../../storage/sweep.ts';

describeEachDialect('profile pictures', (dialect) => {
  let t: TestApp;
  let admin: Awaited<ReturnType<typeof createLoggedInUser>>;
  let trader: Awaited<ReturnType<typeof createLoggedInUser>>;
  beforeEach(async () => {
    t = await createTestApp(dialect);
    admin = await createLoggedInUser(t.app); // the first account is the administrator
    trader = await createLoggedInUser(t.app);
  });
  afterEach(() => t.close());

  const setAvatar = (avatar: string | null, cookie = trader.cookie) =>
    t.app.inject({
      method: 'PUT',
      url: '/api/auth/update-profile',
      headers: { cookie },
      payload: { avatar },
    });
  const get = (url: string, cookie = trader.cookie) =>
    t.app.inject({ method: 'GET', url, headers: { cookie } });
  const avatarOf = async (cookie = trader.cookie) =>
    (await get('/api/user', cookie)).json<{ user: User }>().user.avatar;

  test('a picture is re-encoded as a 256 × 256 WebP and served to its owner', async () => {
    const response = await setAvatar(toDataUrl(await createPng(800, 400)));
    expect(response.statusCode).toBe(200);
    const url = response.json<{ user: User }>().user.avatar;
    expect(url).toMatch(/^\/api\/avatars\/[A-Za-z0-9_-]{22}\.webp$/);
    expect(await avatarOf()).toBe(url);

    const image = await get(url!);
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/webp');
    expect(image.headers['x-content-type-options']).toBe('nosniff');
    expect(await sharp(image.rawPayload).metadata()).toMatchObject({
      format: 'webp',
      width: 256,
      height: 256,
    });
    expect(await t.listImageFiles()).toEqual([`avatars/${url!.split('/').pop()}`]);
  });

  test('administrators see it too; another trader gets 404', async () => {
    const url = (await setAvatar(toDataUrl(await createPng()))).json<{ user: User }>().user.avatar!;
    expect((await get(url, admin.cookie)).statusCode).toBe(200);
    const other = await createLoggedInUser(t.app);
    const refused = await get(url, other.cookie);
    expect(refused.statusCode).toBe(404);
    expect(refused.json()).toEqual({ message: 'Picture not found' });
    expect((await get('/api/avatars/AAAAAAAAAAAAAAAAAAAAAA.webp')).statusCode).toBe(404);
    expect((await get('/api/avatars/..%2Fscreenshots%2Fx.png')).statusCode).toBe(400);
  });

  test('a new picture replaces the old file, and null removes it', async () => {
    const first = (await setAvatar(toDataUrl(await createPng()))).json().user.avatar as string;
    const second = (await setAvatar(toDataUrl(await createPng(50, 50)))).json().user
      .avatar as string;
    expect(second).not.toBe(first);
    expect(await t.listImageFiles()).toEqual([`avatars/${second.split('/').pop()}`]);
    expect((await setAvatar(null)).json().user.avatar).toBeNull();
    expect(await t.listImageFiles()).toEqual([]);
    expect((await get(second)).statusCode).toBe(404);
  });

  test.each([
    {
      case: 'an SVG',
      dataUrl: async () =>
        toDataUrl(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'), 'image/svg+xml'),
      status: 400,
      message: 'The picture must be a PNG, JPEG, WebP or GIF image',
    },
    {
      case: 'a text file',
      dataUrl: async () => toDataUrl(Buffer.from('hello'), 'image/png'),
      status: 400,
      message: 'The picture must be a PNG, JPEG, WebP or GIF image',
    },
    {
      case: 'a 30,000 × 30,000 pixel image',
      dataUrl: async () => toDataUrl(await createPngClaimingSize(30_000, 30_000)),
      status: 400,
      message: 'The picture is too large: at most 25 megapixels',
    },
    {
      case: 'a file over 2 MB',
      dataUrl: async () => toDataUrl(Buffer.alloc(2 * 1024 * 1024 + 1, 1)),
      status: 413,
      message: 'Profile image must be less than 2MB.',
    },
    {
      case: 'a body over the limit',
      dataUrl: async () => `data:,${'A'.repeat(4 * 1024 * 1024)}`,
      status: 413,
      message: 'Profile image must be less than 2MB.',
    },
  ])('$case is refused, and the picture stays as it was', async ({ dataUrl, status, message }) => {
    const kept = (await setAvatar(toDataUrl(await createPng()))).json().user.avatar as string;
    const response = await setAvatar(await dataUrl());
    expect(response.statusCode).toBe(status);
    expect(response.json().message).toBe(message);
    expect(await avatarOf()).toBe(kept);
    expect(await t.listImageFiles()).toEqual([`avatars/${kept.split('/').pop()}`]);
  });

  test('the sweep removes an old picture file no user holds', async () => {
    const kept = (await setAvatar(toDataUrl(await createPng()))).json().user.avatar as string;
    await t.images.put('avatars/OOOOOOOOOOOOOOOOOOOOOO.webp', await createPng());
    // Put there by hand: no picture of the app's is named so, and it is not the sweep's.
    await t.images.put('avatars/README.md', Buffer.from('Pictures of the app'));
    const old = new Date(Date.now() - SWEEP_GRACE_MS - 60_000);
    for (const file of await t.listImageFiles()) await utimes(join(t.imageDir, file), old, old);
    expect(await sweepImages({ images: t.images, folders: imageFolders(t.database) })).toBe(1);
    expect(await t.listImageFiles()).toEqual(
      [`avatars/${kept.split('/').pop()}`, 'avatars/README.md'].sort(),
    );
  });
});
