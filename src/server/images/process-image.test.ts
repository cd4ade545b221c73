import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import { expect, test } from 'vitest';
import { createPng } from '#testing/images.ts';
import { IMAGES_AT_ONCE, ImageRejected, processAvatar, processImage } from './process-image.ts';

const LIMITS = { maxBytes: 20_000_000, maxPixels: 20_000_000 };

test('images that arrive together are worked on a few at a time', async () => {
  const png = await createPng(2400, 1600);
  // sharp's own count of the pipelines it was given and has not finished, read between turns
  // of the event loop while the uploads are worked on.
  let busiest = 0;
  let watching = true;
  const watcher = (async () => {
    while (watching) {
      const { queue, process } = sharp.counters();
      busiest = Math.max(busiest, queue + process);
      await new Promise((resolve) => setImmediate(resolve));
    }
  })();
  const work = [
    ...Array.from({ length: 4 * IMAGES_AT_ONCE + 4 }, () => processImage(png, LIMITS)),
    processAvatar(png, LIMITS),
  ];
  const [first] = await Promise.all(work);
  watching = false;
  await watcher;

  expect(first).toMatchObject({ extension: 'png' });
  expect(busiest).toBeGreaterThan(0);
  // A screenshot is two pipelines at once, the re-encoded image and its thumbnail; sharp counts
  // a finished one until its callback has returned, by which time the next image's may have
  // begun: at most the pipelines of the images in turn and of those just finished (2 to 4 seen
  // with one image at a time). Without the limit every upload is worked on at once: 17 seen.
  expect(busiest).toBeLessThanOrEqual(2 * 2 * IMAGES_AT_ONCE);
});

test('a file that is not an image is refused at once, not after the images before it', async () => {
  const png = await createPng(2400, 1600);
  let finished = 0;
  const images = Array.from({ length: IMAGES_AT_ONCE + 1 }, () =>
    processImage(png, LIMITS).then(() => (finished += 1)),
  );
  await expect(processImage(Buffer.from('<svg onload="alert(1)">'), LIMITS)).rejects.toEqual(
    new ImageRejected('not-an-image'),
  );
  await expect(processAvatar(Buffer.alloc(LIMITS.maxBytes + 1), LIMITS)).rejects.toEqual(
    new ImageRejected('too-many-bytes'),
  );
  expect(finished).toBe(0);
  await Promise.all(images);
});

test('an image whose re-encode would pass the stored limit is stored smaller, or refused', async () => {
  // Noise saved at quality 60: re-encoded at 90 it grows, at 75 it does not.
  const width = 400;
  const height = 300;
  const noise = randomBytes(width * height * 3);
  const jpeg = await sharp(noise, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 60 })
    .toBuffer();
  const [atNinety, atSeventyFive] = await Promise.all(
    [90, 75].map((quality) => sharp(jpeg).jpeg({ quality, mozjpeg: true }).toBuffer()),
  );
  const between = Math.floor((atNinety!.length + atSeventyFive!.length) / 2);
  expect(atSeventyFive!.length).toBeLessThan(between);
  expect(atNinety!.length).toBeGreaterThan(between);

  const stored = await processImage(jpeg, { ...LIMITS, maxStoredBytes: between });
  expect(stored.extension).toBe('jpg');
  expect(stored.image.length).toBeLessThanOrEqual(between);
  expect((await sharp(stored.image).metadata()).width).toBe(width);
  // Without a stored limit of its own, the upload's limit is the stored one.
  await expect(
    processImage(jpeg, { maxBytes: jpeg.length, maxPixels: LIMITS.maxPixels }),
  ).resolves.toMatchObject({ extension: 'jpg' });
  await expect(
    processImage(jpeg, { ...LIMITS, maxStoredBytes: atSeventyFive!.length - 1 }),
  ).rejects.toEqual(new ImageRejected('too-many-bytes'));
});
