import { join } from 'node:path';
import type { Config } from '../config.ts';
import { createFilesystemImageStore } from './filesystem-store.ts';
import type { ImageStore } from './image-store.ts';

/** The image store the configuration asks for: files under `DATA_DIR/images` for now. */
export function createImageStoreFromConfig(config: Pick<Config, 'dataDir'>): ImageStore {
  return createFilesystemImageStore(join(config.dataDir, 'images'));
}
