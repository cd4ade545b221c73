import type { AppDatabase } from './db/client.ts';
import { screenshotFolders } from './modules/sessions/screenshot-files.ts';
import { avatarFolder } from './modules/users/avatar-files.ts';
import type { SweptFolder } from './storage/sweep.ts';

/** Every folder of the image store and the rows that reference its files: what the sweep checks. */
export function imageFolders(database: AppDatabase): SweptFolder[] {
  return [...screenshotFolders(database), avatarFolder(database)];
}
