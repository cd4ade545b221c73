import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createFilesystemImageStore } from '#server/storage/filesystem-store.ts';

/** A real filesystem image store in a fresh temporary folder. */
export async function createTestImageStore() {
  const dir = await mkdtemp(join(tmpdir(), 'rulekeeper-images-'));
  return {
    images: createFilesystemImageStore(dir),
    dir,
    /** Every stored file as `folder/name`, sorted: what a test checks for orphans. */
    async listFiles(): Promise<string[]> {
      const entries = await readdir(dir, { recursive: true, withFileTypes: true });
      return entries
        .filter((entry) => entry.isFile())
        .map((entry) => `${entry.parentPath.slice(dir.length + 1)}/${entry.name}`)
        .sort();
    },
    remove: () => rm(dir, { recursive: true, force: true }),
  };
}
