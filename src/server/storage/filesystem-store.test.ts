import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { createFilesystemImageStore } from './filesystem-store.ts';

test('check() makes the images folder, readable by the server user only', async () => {
  const dataDir = await mkdtemp(join(tmpdir(), 'rk-fs-store-'));
  try {
    const root = join(dataDir, 'images');
    await createFilesystemImageStore(root).check();
    const folder = await stat(root);
    expect(folder.isDirectory()).toBe(true);
    expect(folder.mode & 0o777).toBe(0o700);
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
});
