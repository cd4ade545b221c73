import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  ListObjectsV2Command,
  NoSuchKey,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import type { S3Settings } from '../config.ts';
import {
  assertValidKey,
  ImageStoreUnavailableError,
  isValidKey,
  type ImageStore,
} from './image-store.ts';

const CONTENT_TYPES: Record<string, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  webp: 'image/webp',
};

/** What the bucket's console shows; nothing reads it back, the app serves its own types. */
function contentTypeOf(key: string): string {
  return CONTENT_TYPES[key.slice(key.lastIndexOf('.') + 1)] ?? 'application/octet-stream';
}

export function createS3Client(settings: S3Settings): S3Client {
  return new S3Client({
    region: settings.region,
    forcePathStyle: settings.forcePathStyle,
    ...(settings.endpoint ? { endpoint: settings.endpoint } : {}),
    // Without keys here the SDK looks for its own (AWS_* variables, shared files, a role).
    ...(settings.credentials ? { credentials: settings.credentials } : {}),
    // Newer SDKs add a CRC32 header to every upload and ask for one on every download. The
    // body we send is a Buffer whose SHA-256 the request signature already covers (S3 refuses
    // a body that does not match it), so the CRC adds nothing here, and several S3-compatible
    // services refuse or mishandle those headers. Only operations that require a checksum
    // get one.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    // The SDK waits for ever by default: an unreachable store must fail the request (and the
    // start-up check) instead of holding it open.
    requestHandler: { connectionTimeout: 5_000, requestTimeout: 30_000 },
  });
}

/** The status code an SDK error answered, if the service answered at all. */
function statusOf(error: unknown): number | undefined {
  return (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
}

/** Why the bucket cannot be used, in terms an operator can act on. */
function describeFailure(error: unknown): ImageStoreUnavailableError['reason'] {
  const status = statusOf(error);
  if (status === 404) return 'missing';
  if (status === 401 || status === 403) return 'denied';
  if (status === 301) return 'wrong-region';
  if ((error as Error).name === 'CredentialsProviderError') return 'no-credentials';
  return 'unreachable';
}

/**
 * Images as objects in an S3 bucket (AWS or an S3-compatible service), under `prefix` when one
 * is set, so that instances sharing one database share their images too. `listPageSize` is for
 * tests: it makes listing a few keys take several pages.
 */
export function createS3ImageStore(
  settings: S3Settings,
  {
    client = createS3Client(settings),
    listPageSize,
  }: { client?: S3Client; listPageSize?: number } = {},
): ImageStore {
  const { bucket, prefix } = settings;
  const objectKey = (key: string) => {
    assertValidKey(key);
    return `${prefix}${key}`;
  };

  return {
    async check() {
      try {
        await client.send(new HeadBucketCommand({ Bucket: bucket }));
      } catch (error) {
        throw new ImageStoreUnavailableError(describeFailure(error), { cause: error });
      }
    },

    async put(key, bytes) {
      await client.send(
        new PutObjectCommand({
          Bucket: bucket,
          Key: objectKey(key),
          Body: bytes,
          ContentType: contentTypeOf(key),
        }),
      );
    },

    async get(key) {
      try {
        const object = await client.send(
          new GetObjectCommand({ Bucket: bucket, Key: objectKey(key) }),
        );
        if (!object.Body) return null;
        return Buffer.from(await object.Body.transformToByteArray());
      } catch (error) {
        // Some S3-compatible services answer a bare 404 rather than NoSuchKey.
        if (error instanceof NoSuchKey || statusOf(error) === 404) return null;
        throw error;
      }
    },

    async delete(key) {
      // S3 answers a delete of a missing key with success, as the interface asks.
      await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: objectKey(key) }));
    },

    async *list(folder) {
      let continuationToken: string | undefined;
      do {
        const page = await client.send(
          new ListObjectsV2Command({
            Bucket: bucket,
            Prefix: `${prefix}${folder}`,
            ...(continuationToken ? { ContinuationToken: continuationToken } : {}),
            ...(listPageSize ? { MaxKeys: listPageSize } : {}),
          }),
        );
        for (const object of page.Contents ?? []) {
          if (!object.Key || !object.LastModified) continue;
          const key = object.Key.slice(prefix.length);
          // An object the app did not write (a "folder" a console made, a file someone put
          // there by hand) is not the sweep's to remove, and no key of ours.
          if (!isValidKey(key) || !key.startsWith(folder)) continue;
          yield { key, writtenAt: object.LastModified };
        }
        continuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (continuationToken);
    },
  };
}
