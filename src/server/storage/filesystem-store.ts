import { randomBytes } from 'node:crypto';
import { constants } from 'node:fs';
import type { Dirent } from 'node:fs';
import { access, mkdir, open, readdir, readFile, rename, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { assertValidKey, isValidKey, type ImageStore } from './image-store.ts';

function isMissing(error: unknown): boolean {
  return (error as NodeJS.ErrnoException).code === 'ENOENT';
}

const TEMPORARY_PREFIX = '.tmp-';

/**
 * Flushes a folder's entries (a rename, a new subfolder) to disk. A renamed file is safe from
 * a crash of the process once renamed, but only safe from a power loss once its folder is
 * flushed too; the row that points at the file commits after this. Windows cannot open a
 * folder to flush it.
 */
async function syncFolder(folder: string): Promise<void> {
  if (process.platform === 'win32') return;
  const handle = await open(folder, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/**
 * Images as files under `root` (`DATA_DIR/images`), readable by the server's user only, like
 * the database. A file is written under a temporary name, flushed to disk and then renamed, so
 * a crash never leaves half an image under a real key.
 */
export function createFilesystemImageStore(root: string): ImageStore {
  const pathOf = (key: string) => {
    assertValidKey(key);
    return join(root, key);
  };

  return {
    async check() {
      // Made now rather than at the first upload, so a folder the server may not write to
      // stops the start instead.
      await mkdir(root, { recursive: true, mode: 0o700 });
      await access(root, constants.W_OK);
    },

    async put(key, bytes) {
      const path = pathOf(key);
      const folder = join(path, '..');
      if (await mkdir(folder, { recursive: true, mode: 0o700 })) await syncFolder(root);
      const temporary = join(folder, `${TEMPORARY_PREFIX}${randomBytes(8).toString('hex')}`);
      const file = await open(temporary, 'wx', 0o600);
      try {
        await file.writeFile(bytes);
        await file.sync();
      } finally {
        await file.close();
      }
      try {
        await rename(temporary, path);
      } catch (error) {
        await rm(temporary, { force: true });
        throw error;
      }
      await syncFolder(folder);
    },

    async get(key) {
      try {
        return await readFile(pathOf(key));
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },

    async delete(key) {
      await rm(pathOf(key), { force: true });
    },

    async *list(prefix) {
      const folder = prefix.replace(/\/$/, '');
      let entries: Dirent[];
      try {
        entries = await readdir(join(root, folder), { withFileTypes: true });
      } catch (error) {
        if (isMissing(error)) return;
        throw error;
      }
      for (const entry of entries) {
        const { name } = entry;
        // A write under way (or one a crash cut short): not an image yet.
        if (name.startsWith(TEMPORARY_PREFIX)) continue;
        // Files only: a folder left there (`backup.old`) has a name a key may have, and its
        // removal failed, which stopped the sweep there, each hour.
        if (!entry.isFile()) continue;
        const key = `${folder}/${name}`;
        // What the app did not write (a `.DS_Store`, a copy tool's leftover, a folder) is not
        // the sweep's to remove, and no key of ours: listed, it stopped every later sweep.
        if (!isValidKey(key)) continue;
        try {
          const { mtime } = await stat(join(root, key));
          yield { key, writtenAt: mtime };
        } catch (error) {
          if (!isMissing(error)) throw error;
        }
      }
    },

    // A crash between opening a temporary file and renaming it leaves the file for good: no
    // key names it, so only this finds it.
    async removeAbandonedWrites(before) {
      let removed = 0;
      const folders = await readdir(root, { withFileTypes: true }).catch((error: unknown) => {
        if (isMissing(error)) return [];
        throw error;
      });
      for (const folder of folders) {
        if (!folder.isDirectory()) continue;
        for (const name of await readdir(join(root, folder.name))) {
          if (!name.startsWith(TEMPORARY_PREFIX)) continue;
          const path = join(root, folder.name, name);
          try {
            if ((await stat(path)).mtime >= before) continue;
            await rm(path, { force: true });
            removed += 1;
          } catch (error) {
            if (!isMissing(error)) throw error;
          }
        }
      }
      return removed;
    },
  };
}
