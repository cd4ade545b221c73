import { LRUCache } from 'lru-cache';
import type { AppDatabase } from '../../db/client.ts';
import { createKeptAnswers, type KeptAnswersBounds } from '../analytics/kept-answers.ts';

/**
 * Whether a trader holds a screenshot, kept per trader and reference while the trader's
 * sessions are unchanged: a session's screenshot changes only by a write of the trader's
 * sessions, which changes the version the answer is kept under (`kept-answers.ts`). An answer
 * is a few dozen bytes: 20,000 of them are about 2 MiB of heap.
 */
const KEPT_OWNERSHIP: KeptAnswersBounds = { max: 20_000, maxSize: 20_000, maxEntrySize: 1 };

/**
 * Thumbnails' bytes, by their storage key, the least recently asked going first: at most 8 MiB.
 * A thumbnail is at most 480 × 320 pixels of WebP, 5 to 40 kB, so 200 to 1,600 of them. A key
 * names one image for ever (references are random and never reused), so bytes kept are never
 * out of date; they are served only to a trader the ownership check says holds them.
 */
const KEPT_THUMBNAIL_BYTES = 8 * 1024 * 1024;
const LARGEST_KEPT_THUMBNAIL = 256 * 1024;

/** What one instance keeps to answer a thumbnail without the database or the store. */
export function createKeptScreenshots(database: AppDatabase) {
  const ownership = createKeptAnswers<{ owns: boolean }>(database, KEPT_OWNERSHIP, () => 1);
  const thumbnails = new LRUCache<string, Buffer>({
    maxSize: KEPT_THUMBNAIL_BYTES,
    maxEntrySize: LARGEST_KEPT_THUMBNAIL,
    sizeCalculation: (bytes) => bytes.length,
  });
  return {
    /** Whether `userId` holds the screenshot `ref`, kept or asked of `owns`. */
    async owns(
      userId: number,
      ref: string,
      owns: () => Promise<boolean>,
      sessionsVersion?: string | null,
    ): Promise<boolean> {
      const answer = await ownership.answer(
        userId,
        `screenshot ${ref}`,
        async () => ({ owns: await owns() }),
        sessionsVersion,
      );
      return answer.owns;
    },

    /** The thumbnail stored under `key`, kept or read with `read` (and then kept). */
    async thumbnail(key: string, read: () => Promise<Buffer | null>): Promise<Buffer | null> {
      const known = thumbnails.get(key);
      if (known) return known;
      const bytes = await read();
      if (bytes) thumbnails.set(key, bytes);
      return bytes;
    },

    /** Forgets the thumbnails of deleted screenshots (they are no longer served anyway). */
    forget(keys: string[]) {
      for (const key of keys) thumbnails.delete(key);
    },
  };
}
