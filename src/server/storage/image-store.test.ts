import { randomBytes } from 'node:crypto';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { createTestImageStore } from '#testing/image-store.ts';
import { startTestS3Server, type TestS3Server } from '#testing/s3-server.ts';
import type { ImageStore } from './image-store.ts';
import { createS3ImageStore } from './s3-store.ts';

let s3: TestS3Server;
beforeAll(async () => {
  s3 = await startTestS3Server();
});
afterAll(() => s3.close());

/** Each driver, opened fresh for every test, empty. */
const drivers: {
  name: string;
  open: () => Promise<{ images: ImageStore; close: () => Promise<void> }>;
}[] = [
  {
    name: 'filesystem',
    async open() {
      const store = await createTestImageStore();
      return { images: store.images, close: store.remove };
    },
  },
  {
    name: 'S3 (against a local s3rver)',
    async open() {
      const bucket = await s3.createBucket();
      // Three keys a page, so that a listing of a few keys already takes several pages.
      return {
        images: createS3ImageStore(bucket.settings(), { listPageSize: 3 }),
        close: async () => {},
      };
    },
  },
];

async function listAll(images: ImageStore, folder: string) {
  const found: { key: string; writtenAt: Date }[] = [];
  for await (const entry of images.list(folder)) found.push(entry);
  return found;
}

describe.each(drivers)('the $name image store', ({ open }) => {
  let images: ImageStore;
  let close: () => Promise<void>;
  beforeEach(async () => {
    ({ images, close } = await open());
  });
  afterEach(() => close());

  test('is usable', async () => {
    await expect(images.check()).resolves.toBeUndefined();
  });

  test('gives back the bytes it was given, per key', async () => {
    const image = randomBytes(200_000);
    const thumbnail = Buffer.from([0, 255, 13, 10, 0]);
    await images.put('screenshots/abc_DEF-123.png', image);
    await images.put('thumbnails/abc_DEF-123.png.webp', thumbnail);
    const back = await images.get('screenshots/abc_DEF-123.png');
    expect(Buffer.isBuffer(back)).toBe(true);
    expect(back?.equals(image)).toBe(true);
    expect((await images.get('thumbnails/abc_DEF-123.png.webp'))?.equals(thumbnail)).toBe(true);
  });

  test('answers null for a key it does not hold', async () => {
    expect(await images.get('screenshots/missing.png')).toBeNull();
  });

  test('deletes a key, and deleting a missing key is no error', async () => {
    await images.put('screenshots/gone.png', Buffer.from('x'));
    await images.delete('screenshots/gone.png');
    expect(await images.get('screenshots/gone.png')).toBeNull();
    expect(await listAll(images, 'screenshots/')).toEqual([]);
    await expect(images.delete('screenshots/gone.png')).resolves.toBeUndefined();
    await expect(images.delete('screenshots/never.png')).resolves.toBeUndefined();
  });

  test.each([
    '../escape.png',
    'screenshots/../../escape.png',
    '/screenshots/a.png',
    'screenshots/a/b.png',
    'screenshots/no-extension',
    'Screenshots/a.png',
    'screenshots/a.png/',
    'screenshots/a b.png',
    '',
  ])('refuses the key %j, which the server never makes', async (key) => {
    const refused = /Not an image store key/;
    await expect(images.put(key, Buffer.from('x'))).rejects.toThrow(refused);
    await expect(images.get(key)).rejects.toThrow(refused);
    await expect(images.delete(key)).rejects.toThrow(refused);
  });

  test('lists the keys of one folder, with when each was written', async () => {
    // S3 keeps whole seconds: the earliest a listed time can be is the start of this second.
    const before = Math.floor(Date.now() / 1000) * 1000;
    await images.put('screenshots/one.png', Buffer.from('1'));
    await images.put('screenshots/two.jpg', Buffer.from('2'));
    await images.put('thumbnails/one.png.webp', Buffer.from('3'));
    const after = Date.now();

    const listed = await listAll(images, 'screenshots/');
    expect(listed.map((entry) => entry.key).sort()).toEqual([
      'screenshots/one.png',
      'screenshots/two.jpg',
    ]);
    for (const { writtenAt } of listed) {
      expect(writtenAt).toBeInstanceOf(Date);
      expect(writtenAt.getTime()).toBeGreaterThanOrEqual(before);
      expect(writtenAt.getTime()).toBeLessThanOrEqual(after);
    }
  });

  test('lists nothing for a folder that holds nothing', async () => {
    await images.put('screenshots/one.png', Buffer.from('1'));
    expect(await listAll(images, 'avatars/')).toEqual([]);
  });

  test('lists every key of a folder once, however many pages it takes', async () => {
    const keys = Array.from({ length: 25 }, (_, index) => `screenshots/key${index}.png`);
    for (const key of keys) await images.put(key, Buffer.from(key));
    const listed = (await listAll(images, 'screenshots/')).map((entry) => entry.key);
    expect(listed.sort()).toEqual([...keys].sort());
  });
});
