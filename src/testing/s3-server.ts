import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, stat, utimes } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { CreateBucketCommand, ListObjectsV2Command, type S3Client } from '@aws-sdk/client-s3';
import type { S3Settings } from '#server/config.ts';
import { createS3Client } from '#server/storage/s3-store.ts';

// The one account s3rver knows: it refuses other access keys (it does not check SigV4
// signatures themselves, so real S3 or MinIO remain the test of signing).
const ACCESS_KEY_ID = 'S3RVER';
const SECRET_ACCESS_KEY = 'S3RVER';

const s3rverBin = createRequire(import.meta.url).resolve('s3rver/bin/s3rver.js');

/**
 * Waits until s3rver has written an object's file. It answers a put whose body it holds whole
 * before the file is written (it ends the write stream without waiting for it), and the late
 * write stamps the file with the time it lands: on a busy machine after a test had backdated it,
 * so that a sweep took a two-hour-old orphan for a young one. The tests' objects are never
 * empty, so a file with bytes in it has been written (in one write: they are small).
 */
async function untilWritten(file: string) {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const size = await stat(file).then(
      (stats) => stats.size,
      () => 0,
    );
    if (size > 0) return;
    if (Date.now() > deadline) throw new Error(`s3rver never wrote ${file}`);
    await sleep(5);
  }
}

/** One empty bucket of the test server, and ways to look into it behind the store's back. */
export interface TestBucket {
  bucket: string;
  /** The S3_* variables that point the app at this bucket. */
  env: Record<string, string>;
  /** The settings the configuration would make of `env`, with the given key prefix. */
  settings(prefix?: string): S3Settings;
  /** Every object key in the bucket, prefix included, sorted. */
  listKeys(): Promise<string[]>;
  /** Backdates an object (s3rver answers a file's mtime as LastModified): for sweep tests. */
  setWrittenAt(objectKey: string, date: Date): Promise<void>;
}

export interface TestS3Server {
  endpoint: string;
  /** A client of the server's own, for what the tests do behind the store's back. */
  client: S3Client;
  /** A new, empty bucket: one per test keeps tests apart without a server each. */
  createBucket(): Promise<TestBucket>;
  close(): Promise<void>;
}

/**
 * A local S3-compatible server (s3rver, plain JavaScript) on a free loopback port, keeping its
 * objects in a fresh temporary folder. Start one per test file: a start takes about a second.
 *
 * It runs in a process of its own, started with `--openssl-legacy-provider`: s3rver 3.7 makes
 * its listing continuation tokens with DES, which OpenSSL 3 keeps in its legacy provider, so
 * without it any listing longer than a page fails with InternalError. The tests' own process
 * keeps the default crypto.
 */
export async function startTestS3Server(): Promise<TestS3Server> {
  const directory = await mkdtemp(join(tmpdir(), 'rulekeeper-s3-'));
  const child = spawn(
    process.execPath,
    [
      '--openssl-legacy-provider',
      s3rverBin,
      ...['--directory', directory, '--address', '127.0.0.1', '--port', '0', '--silent'],
    ],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  const stopChild = () => child.kill();
  // A test process that ends without closing the server must not leave it running.
  process.once('exit', stopChild);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));

  const port = await new Promise<number>((resolve, reject) => {
    let output = '';
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /listening on [\d.]+:(\d+)/.exec(output);
      if (match) resolve(Number(match[1]));
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    void exited.then(() => reject(new Error(`s3rver exited before listening:\n${output}`)));
  });

  const endpoint = `http://127.0.0.1:${port}`;
  const settingsOf =
    (bucket: string) =>
    (prefix = ''): S3Settings => ({
      bucket,
      endpoint,
      region: 'us-east-1',
      credentials: { accessKeyId: ACCESS_KEY_ID, secretAccessKey: SECRET_ACCESS_KEY },
      forcePathStyle: true,
      prefix,
    });
  const client = createS3Client(settingsOf('unused')());

  return {
    endpoint,
    client,
    async createBucket() {
      const bucket = `test-${randomBytes(6).toString('hex')}`;
      await client.send(new CreateBucketCommand({ Bucket: bucket }));
      return {
        bucket,
        env: {
          S3_BUCKET: bucket,
          S3_ENDPOINT: endpoint,
          S3_ACCESS_KEY_ID: ACCESS_KEY_ID,
          S3_SECRET_ACCESS_KEY: SECRET_ACCESS_KEY,
          S3_FORCE_PATH_STYLE: 'true',
        },
        settings: settingsOf(bucket),
        async listKeys() {
          const keys: string[] = [];
          let token: string | undefined;
          do {
            const page = await client.send(
              new ListObjectsV2Command({ Bucket: bucket, ContinuationToken: token }),
            );
            keys.push(...(page.Contents ?? []).map((object) => object.Key ?? ''));
            token = page.NextContinuationToken;
          } while (token);
          return keys.sort();
        },
        async setWrittenAt(objectKey, date) {
          const folders = objectKey.split('/');
          const name = folders.pop() ?? '';
          const file = join(directory, bucket, ...folders, `${name}._S3rver_object`);
          await untilWritten(file);
          await utimes(file, date, date);
        },
      };
    },
    async close() {
      client.destroy();
      process.removeListener('exit', stopChild);
      child.kill();
      await exited;
      await rm(directory, { recursive: true, force: true });
    },
  };
}
