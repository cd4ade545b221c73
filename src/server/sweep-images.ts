import { ConfigError, loadConfig } from './config.ts';
import { createDatabase, databaseOptionsFromConfig } from './db/client.ts';
import { imageFolders } from './image-folders.ts';
import { createImageStoreFromConfig } from './storage/from-config.ts';
import { sweepImages } from './storage/sweep.ts';

/**
 * `npm run sweep:images`: removes stored images that no row references (the server also does
 * this at start-up and every hour). Safe while the app runs: files younger than an hour are left
 * alone.
 */
try {
  const config = loadConfig();
  const database = createDatabase(databaseOptionsFromConfig(config));
  try {
    const removed = await sweepImages({
      images: await createImageStoreFromConfig(config),
      folders: imageFolders(database),
    });
    console.log(`Removed ${removed} unreferenced image file${removed === 1 ? '' : 's'}.`);
  } finally {
    await database.db.destroy();
  }
} catch (error) {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exitCode = 1;
}
