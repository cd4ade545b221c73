import { PutObjectCommand } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startTestS3Server, type TestS3Server } from '#testing/s3-server.ts';
import { ImageStoreUnavailableError, type ImageStore } from './image-store.ts';
import { createS3Client, createS3ImageStore } from './s3-store.ts';

let s3: TestS3Server;
beforeAll(async () => {
  s3 = await startTestS3Server();
});
afterAll(() => s3.close());

async function keysOf(images: ImageStore, folder: string) {
  const keys: string[] = [];
  for await (const { key } of images.list(folder)) keys.push(key);
  return keys.sort();
}

describe('the S3 image store', () => {
  test('keeps its objects under its prefix, and sees nothing of another prefix', async () => {
    const bucket = await s3.createBucket();
    const production = createS3ImageStore(bucket.settings('prod/rulekeeper/'));
    const staging = createS3ImageStore(bucket.settings('staging/'));
    await production.put('screenshots/same.png', Buffer.from('production'));
    await staging.put('screenshots/same.png', Buffer.from('staging'));
    await staging.put('screenshots/only-staging.png', Buffer.from('staging'));

    expect(await bucket.listKeys()).toEqual([
      'prod/rulekeeper/screenshots/same.png',
      'staging/screenshots/only-staging.png',
      'staging/screenshots/same.png',
    ]);
    expect(await keysOf(production, 'screenshots/')).toEqual(['screenshots/same.png']);
    expect((await production.get('screenshots/same.png'))?.toString()).toBe('production');
    expect(await production.get('screenshots/only-staging.png')).toBeNull();

    // So one instance's sweep never removes another's images.
    await production.delete('screenshots/same.png');
    expect((await staging.get('screenshots/same.png'))?.toString()).toBe('staging');
  });

  test('lists only the objects it could have written', async () => {
    const bucket = await s3.createBucket();
    const images = createS3ImageStore(bucket.settings());
    await images.put('screenshots/ours.png', Buffer.from('x'));
    // A "folder" a bucket console made, and a file someone dropped there by hand.
    for (const Key of ['screenshots/', 'screenshots/notes from the desk.txt']) {
      await s3.client.send(new PutObjectCommand({ Bucket: bucket.bucket, Key, Body: '' }));
    }
    expect(await keysOf(images, 'screenshots/')).toEqual(['screenshots/ours.png']);
  });

  test('sends no optional checksum headers, which some S3-compatible services refuse', async () => {
    const bucket = await s3.createBucket();
    const client = createS3Client(bucket.settings());
    const sent: Record<string, string>[] = [];
    client.middlewareStack.add(
      (next) => async (args) => {
        sent.push({ ...(args.request as { headers: Record<string, string> }).headers });
        return next(args);
      },
      { step: 'finalizeRequest' },
    );
    const images = createS3ImageStore(bucket.settings(), { client });
    await images.put('screenshots/a.png', Buffer.from('x'));
    await images.get('screenshots/a.png');

    expect(sent).toHaveLength(2);
    for (const headers of sent) {
      const names = Object.keys(headers).map((name) => name.toLowerCase());
      expect(names.filter((name) => /checksum/.test(name))).toEqual([]);
    }
  });

  describe('check()', () => {
    const reasonOf = async (images: ImageStore) => {
      const error = await images.check().then(
        () => null,
        (caught: unknown) => caught,
      );
      expect(error).toBeInstanceOf(ImageStoreUnavailableError);
      return (error as ImageStoreUnavailableError).reason;
    };

    test('passes when the bucket answers', async () => {
      const bucket = await s3.createBucket();
      await expect(createS3ImageStore(bucket.settings()).check()).resolves.toBeUndefined();
    });

    test('says the bucket is missing', async () => {
      const bucket = await s3.createBucket();
      const settings = { ...bucket.settings(), bucket: 'no-such-bucket' };
      expect(await reasonOf(createS3ImageStore(settings))).toBe('missing');
    });

    test('says access is denied for an unknown access key', async () => {
      const bucket = await s3.createBucket();
      // s3rver knows one access key (it does not verify SigV4 signatures themselves).
      const settings = {
        ...bucket.settings(),
        credentials: { accessKeyId: 'SOMEONE-ELSE', secretAccessKey: 'S3RVER' },
      };
      expect(await reasonOf(createS3ImageStore(settings))).toBe('denied');
    });

    test('says the service is unreachable, keeping the network error as its cause', async () => {
      const bucket = await s3.createBucket();
      // Port 1 on loopback: nothing listens there, the connection is refused at once.
      const settings = { ...bucket.settings(), endpoint: 'http://127.0.0.1:1' };
      const images = createS3ImageStore(settings);
      expect(await reasonOf(images)).toBe('unreachable');
      await expect(images.check()).rejects.toMatchObject({
        cause: expect.objectContaining({ code: 'ECONNREFUSED' }),
      });
    });
  });
});
