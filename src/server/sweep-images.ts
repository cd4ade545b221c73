import { ConfigError, loadConfig } from './config.ts';
import { createDatabase, databaseOptionsFromConfig } from './db/client.ts';
import { sweepScreenshots } from './modules/sessions/screenshot-sweep.ts';
import { createImageStoreFromConfig } from './storage/from-config.ts';

/**
 * `npm run sweep:images`: removes stored images that no row references (the server also does
 * this at start-up). Safe while the app runs: files younger than an hour are left alone.
 */
try {
  const config = loadConfig();
  const database = createDatabase(databaseOptionsFromConfig(config));
  try {
    const removed = await sweepScreenshots({
      database,
      images: createImageStoreFromConfig(config),
    });
    console.log(`Removed ${removed} unreferenced image file${removed === 1 ? '' : 's'}.`);
  } finally {
    await database.db.destroy();
  }
} catch (error) {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exitCode = 1;
}
