import { randomBytes } from 'node:crypto';
import { AVATAR_MAX_BYTES, AVATAR_MAX_PIXELS } from '#shared/constants.ts';
import { AVATAR_REF } from '#shared/schemas/settings.ts';
import type { AppDatabase } from '../../db/client.ts';
import { decodeDataUrl } from '../../images/data-url.ts';
import { ImageRejected, processAvatar } from '../../images/process-image.ts';
import type { ImageStore } from '../../storage/image-store.ts';
import { removeUnlessHeld, type SweptFolder } from '../../storage/sweep.ts';
import { avatarNotAnImage, avatarTooLarge, avatarTooManyPixels } from './users.errors.ts';
import { createUsersRepository } from './users.repository.ts';

const PREFIX = 'avatars/';

export function avatarKey(ref: string): string {
  return `${PREFIX}${ref}`;
}

/** The store's folder of pictures, for the sweep. */
export function avatarFolder(database: AppDatabase): SweptFolder {
  const users = createUsersRepository(database);
  return {
    prefix: PREFIX,
    refOf: (key) => {
      const ref = key.slice(PREFIX.length);
      return AVATAR_REF.test(ref) ? ref : null;
    },
    findReferenced: (refs) => users.findReferencedAvatars(refs),
  };
}

function toAppError(error: unknown): unknown {
  if (!(error instanceof ImageRejected)) return error;
  if (error.problem === 'too-many-bytes') return avatarTooLarge();
  if (error.problem === 'too-many-pixels') return avatarTooManyPixels();
  return avatarNotAnImage();
}

/** Checks and re-encodes a new picture and stores it, before its row commits; answers its ref. */
export async function storeAvatar(store: ImageStore, dataUrl: string): Promise<string> {
  const limits = { maxBytes: AVATAR_MAX_BYTES, maxPixels: AVATAR_MAX_PIXELS };
  let image: Buffer;
  try {
    image = await processAvatar(decodeDataUrl(dataUrl, AVATAR_MAX_BYTES), limits);
  } catch (error) {
    throw toAppError(error);
  }
  const ref = `${randomBytes(16).toString('base64url')}.webp`;
  await store.put(avatarKey(ref), image);
  return ref;
}

/** Removes a picture's file. A failure is left to the sweep: no row points at it any more. */
export async function deleteAvatar(store: ImageStore, ref: string): Promise<void> {
  await store.delete(avatarKey(ref)).catch(() => {});
}

/**
 * After a profile change that failed: removes the picture it stored, unless a user holds it
 * (the change may have committed all the same; `removeUnlessHeld`).
 */
export function discardAvatar(database: AppDatabase, store: ImageStore, ref: string) {
  const users = createUsersRepository(database);
  return removeUnlessHeld(
    [ref],
    (refs) => users.findReferencedAvatars(refs),
    (held) => deleteAvatar(store, held),
  );
}
