import { randomBytes } from 'node:crypto';
import { SCREENSHOT_MAX_BYTES, SCREENSHOT_MAX_PIXELS } from '#shared/constants.ts';
import { SCREENSHOT_REF } from '#shared/schemas/sessions.ts';
import { decodeDataUrl } from '../../images/data-url.ts';
import { ImageRejected, processImage } from '../../images/process-image.ts';
import type { AppDatabase } from '../../db/client.ts';
import type { ImageStore } from '../../storage/image-store.ts';
import { removeUnlessHeld, type SweptFolder } from '../../storage/sweep.ts';
import {
  screenshotNotAnImage,
  screenshotTooLarge,
  screenshotTooManyPixels,
} from './sessions.errors.ts';
import { createSessionsRepository } from './sessions.repository.ts';

/** Where a screenshot's two files live in the store. */
export function screenshotKeys(ref: string) {
  return { image: `screenshots/${ref}`, thumbnail: `thumbnails/${ref}.webp` };
}

/** The store's folders of screenshot files, for the sweep. */
export function screenshotFolders(database: AppDatabase): SweptFolder[] {
  const sessions = createSessionsRepository(database);
  const findReferenced = (refs: string[]) => sessions.findReferencedScreenshots(refs);
  const ifRef = (ref: string) => (SCREENSHOT_REF.test(ref) ? ref : null);
  return [
    {
      prefix: 'screenshots/',
      refOf: (key) => ifRef(key.slice('screenshots/'.length)),
      findReferenced,
    },
    {
      prefix: 'thumbnails/',
      refOf: (key) => (key.endsWith('.webp') ? ifRef(key.slice('thumbnails/'.length, -5)) : null),
      findReferenced,
    },
  ];
}

const LIMITS = { maxBytes: SCREENSHOT_MAX_BYTES, maxPixels: SCREENSHOT_MAX_PIXELS };

function toAppError(error: unknown): unknown {
  if (!(error instanceof ImageRejected)) return error;
  if (error.problem === 'too-many-bytes') return screenshotTooLarge();
  if (error.problem === 'too-many-pixels') return screenshotTooManyPixels();
  return screenshotNotAnImage();
}

/**
 * Checks and re-encodes an uploaded screenshot and writes its files, before the row that
 * points at them is committed; answers its new random reference.
 */
export async function storeScreenshot(store: ImageStore, dataUrl: string): Promise<string> {
  let processed;
  try {
    processed = await processImage(decodeDataUrl(dataUrl, SCREENSHOT_MAX_BYTES), LIMITS);
  } catch (error) {
    throw toAppError(error);
  }
  const ref = `${randomBytes(16).toString('base64url')}.${processed.extension}`;
  const keys = screenshotKeys(ref);
  try {
    await store.put(keys.image, processed.image);
    await store.put(keys.thumbnail, processed.thumbnail);
  } catch (error) {
    await deleteScreenshot(store, ref);
    throw error;
  }
  return ref;
}

/** Removes a screenshot's files. A failure is left to the sweep: the row is already gone. */
export async function deleteScreenshot(store: ImageStore, ref: string): Promise<void> {
  const keys = screenshotKeys(ref);
  await Promise.allSettled([store.delete(keys.image), store.delete(keys.thumbnail)]);
}

/**
 * After a write that failed: removes the screenshots it stored, except those a session holds
 * (the write may have committed all the same; `removeUnlessHeld`).
 */
export function discardScreenshots(
  database: AppDatabase,
  store: ImageStore,
  refs: Iterable<string>,
): Promise<void> {
  const sessions = createSessionsRepository(database);
  return removeUnlessHeld(
    [...refs],
    (batch) => sessions.findReferencedScreenshots(batch),
    (ref) => deleteScreenshot(store, ref),
  );
}
