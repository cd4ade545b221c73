import { join } from 'node:path';
import type { Config } from '../config.ts';
import { createFilesystemImageStore } from './filesystem-store.ts';
import type { ImageStore } from './image-store.ts';

/**
 * The image store the configuration asks for: the S3 bucket when `S3_BUCKET` is set (then no
 * image touches this machine's disk), otherwise files under `DATA_DIR/images`. The S3 driver
 * is imported only then: the AWS SDK is a fifth of a second of every start-up otherwise.
 */
export async function createImageStoreFromConfig(
  config: Pick<Config, 'dataDir'> & Partial<Pick<Config, 's3'>>,
): Promise<ImageStore> {
  if (config.s3) {
    const { createS3ImageStore } = await import('./s3-store.ts');
    return createS3ImageStore(config.s3);
  }
  return createFilesystemImageStore(join(config.dataDir, 'images'));
}
