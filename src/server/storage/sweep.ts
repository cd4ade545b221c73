import type { ImageStore } from './image-store.ts';

/**
 * Files younger than this are left alone: a write stores its image before its row commits,
 * and another instance of the app may be doing so right now.
 */
export const SWEEP_GRACE_MS = 60 * 60 * 1000;
const BATCH = 500;

/** A folder of the image store, and how to tell which of its files rows still reference. */
export interface SweptFolder {
  prefix: string;
  /**
   * The reference a row holds for the file at `key`; null for a file the app never names so
   * (one put there by hand), which is not the sweep's to remove.
   */
  refOf: (key: string) => string | null;
  /** Which of `refs` a row still holds. */
  findReferenced: (refs: string[]) => Promise<Set<string>>;
}

/**
 * Removes stored images that no row references: left by a crash between writing a file and
 * committing its row, or by a delete whose file removal failed; and what a crash left of a
 * write it cut short (a temporary file). Runs at start-up, every hour after, and on demand
 * (`npm run sweep:images`); answers how many files it removed. When `stopping` is aborted (the
 * server is shutting down), it ends after the batch under way: the next sweep finds the rest.
 */
export async function sweepImages({
  images,
  folders,
  now = new Date(),
  stopping,
}: {
  images: ImageStore;
  folders: SweptFolder[];
  now?: Date;
  stopping?: AbortSignal;
}): Promise<number> {
  const cutoff = now.getTime() - SWEEP_GRACE_MS;
  let removed = (await images.removeAbandonedWrites?.(new Date(cutoff))) ?? 0;

  for (const { prefix, refOf, findReferenced } of folders) {
    let batch: { key: string; ref: string }[] = [];
    const sweepBatch = async () => {
      const referenced = await findReferenced(batch.map((file) => file.ref));
      for (const file of batch) {
        if (referenced.has(file.ref)) continue;
        await images.delete(file.key);
        removed += 1;
      }
      batch = [];
    };
    for await (const { key, writtenAt } of images.list(prefix)) {
      if (stopping?.aborted) return removed;
      const ref = refOf(key);
      if (ref === null || writtenAt.getTime() > cutoff) continue;
      batch.push({ key, ref });
      if (batch.length === BATCH) await sweepBatch();
    }
    await sweepBatch();
  }
  return removed;
}

/**
 * After a write that failed, removes the files it stored for `refs`, except those a row holds.
 * A failure can be reported after the database applied the commit (the connection lost as
 * COMMIT was answered): the row then points at the files, and removing them would leave it a
 * screenshot or picture that is gone. When even this cannot be read, the files are left to
 * the sweep, which removes them within the hour if no row holds them.
 */
export async function removeUnlessHeld(
  refs: string[],
  findReferenced: (refs: string[]) => Promise<Set<string>>,
  remove: (ref: string) => Promise<void>,
): Promise<void> {
  for (let start = 0; start < refs.length; start += BATCH) {
    const batch = refs.slice(start, start + BATCH);
    let held: Set<string>;
    try {
      held = await findReferenced(batch);
    } catch {
      return;
    }
    await Promise.all(batch.filter((ref) => !held.has(ref)).map(remove));
  }
}
