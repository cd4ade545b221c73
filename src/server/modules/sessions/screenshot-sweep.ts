import type { AppDatabase } from '../../db/client.ts';
import type { ImageStore } from '../../storage/image-store.ts';
import { SCREENSHOT_FOLDERS } from './screenshot-files.ts';
import { createSessionsRepository } from './sessions.repository.ts';

/**
 * Files younger than this are left alone: a session being saved writes its screenshot before
 * its row commits, and another instance of the app may be doing so right now.
 */
export const SWEEP_GRACE_MS = 60 * 60 * 1000;
const BATCH = 500;

/**
 * Removes screenshot files that no session references: left by a crash between writing a file
 * and committing its row, or by a delete whose file removal failed. Runs at start-up and on
 * demand (`npm run sweep:images`); answers how many files it removed.
 */
export async function sweepScreenshots({
  database,
  images,
  now = new Date(),
}: {
  database: AppDatabase;
  images: ImageStore;
  now?: Date;
}): Promise<number> {
  const sessions = createSessionsRepository(database);
  const cutoff = now.getTime() - SWEEP_GRACE_MS;
  let removed = 0;

  const sweepBatch = async (batch: { key: string; ref: string }[]) => {
    const referenced = await sessions.findReferencedScreenshots(batch.map((file) => file.ref));
    for (const file of batch) {
      if (referenced.has(file.ref)) continue;
      await images.delete(file.key);
      removed += 1;
    }
  };

  for (const { prefix, refOf } of SCREENSHOT_FOLDERS) {
    let batch: { key: string; ref: string }[] = [];
    for await (const { key, writtenAt } of images.list(prefix)) {
      if (writtenAt.getTime() > cutoff) continue;
      batch.push({ key, ref: refOf(key) });
      if (batch.length === BATCH) {
        await sweepBatch(batch);
        batch = [];
      }
    }
    await sweepBatch(batch);
  }
  return removed;
}
