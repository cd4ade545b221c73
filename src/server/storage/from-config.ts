import { join } from 'node:path';
import type { Config } from '../config.ts';
import { createFilesystemImageStore } from './filesystem-store.ts';
import type { ImageStore } from './image-store.ts';
import { createS3ImageStore } from './s3-store.ts';

/**
 * The image store the configuration asks for: the S3 bucket when `S3_BUCKET` is set (then no
 * image touches this machine's disk), otherwise files under `DATA_DIR/images`.
 */
export function createImageStoreFromConfig(
  config: Pick<Config, 'dataDir'> & Partial<Pick<Config, 's3'>>,
): ImageStore {
  if (config.s3) return createS3ImageStore(config.s3);
  return createFilesystemImageStore(join(config.dataDir, 'images'));
}
