import { fileURLToPath } from 'node:url';
import { createApp } from './app.ts';
import { ConfigError, loadConfig, type Config } from './config.ts';
import { createDatabase, databaseOptionsFromConfig } from './db/client.ts';
import { lockDataFolder } from './db/data-folder-lock.ts';
import { migrateToLatest } from './db/migrate.ts';
import { foldUsernameSigmas } from './db/migrations/0012-username-sigmas.ts';
import { imageFolders } from './image-folders.ts';
import { startNoticeScheduler } from './modules/notices/notice-scheduler.ts';
import { createUsersRepository } from './modules/users/users.repository.ts';
import { describeStartupError } from './startup-errors.ts';
import { createImageStoreFromConfig } from './storage/from-config.ts';
import { sweepImages } from './storage/sweep.ts';
import { startImageSweeps } from './storage/sweep-schedule.ts';

function readConfig(): Config {
  try {
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}

/** Lock the data folder → open db → migrate → createApp → listen; close cleanly on SIGTERM/SIGINT. */
async function main(config: Config) {
  // One server per SQLite data folder, claimed before anything is opened or migrated; the
  // lock lasts as long as this process (PostgreSQL serves several instances and needs none).
  const folderLock = config.databaseUrl ? null : lockDataFolder(config.dataDir);
  const database = createDatabase(databaseOptionsFromConfig(config));
  const images = await createImageStoreFromConfig(config);
  try {
    await migrateToLatest(database);
    // A bucket that is missing or refuses us stops the start, rather than every upload later.
    await images.check();
  } catch (error) {
    await database.db.destroy().catch(() => {});
    throw error;
  }

  const app = await createApp({
    database,
    config,
    images,
    // The bundle (dist/server/main.js) serves the built client beside it, dist/client. Under
    // tsx in development Vite serves the client, so there is none here.
    ...(import.meta.url.endsWith('/dist/server/main.js')
      ? { clientDir: fileURLToPath(new URL('../client', import.meta.url)) }
      : {}),
    // Import files are read in a process of their own: the bundle's beside main.js, or under
    // tsx the source.
    importReader: {
      script: fileURLToPath(
        new URL(
          import.meta.url.endsWith('.ts')
            ? './modules/data-transfer/read-import.ts'
            : './read-import.js',
          import.meta.url,
        ),
      ),
    },
    logger: {
      level: config.logLevel,
      redact: ['req.headers.cookie', 'res.headers["set-cookie"]'],
    },
  });

  // The weekly reports, alerts and their mail: only the server runs them, never the tests' apps.
  const notices = startNoticeScheduler({
    database,
    config,
    intervalSeconds: config.jobsIntervalSeconds,
    log: app.log,
  });

  // Started once the server listens.
  let sweeps: { stop: () => Promise<void> } | null = null;

  let isClosing = false;
  const shutdown = (signal: NodeJS.Signals) => {
    if (isClosing) return;
    isClosing = true;
    app.log.info({ signal }, 'shutting down: finishing in-flight requests');
    // app.close stops accepting, waits for in-flight requests, then closes the database.
    const forced = setTimeout(() => {
      app.log.error('shutdown took over 10 s; exiting');
      process.exit(1);
    }, 10_000);
    forced.unref();
    // The jobs and sweeps stop before the database closes with the app: a run under way ends
    // early (no further mail, no further listing of the images) and is waited for.
    Promise.all([notices.stop(), sweeps?.stop()])
      .then(() => app.close())
      .then(() => folderLock?.release())
      .then(
        () => process.exit(0),
        (error: unknown) => {
          app.log.error({ err: error }, 'error while shutting down');
          process.exit(1);
        },
      );
  };
  process.once('SIGTERM', shutdown);
  process.once('SIGINT', shutdown);

  await app.listen({ port: config.port, host: config.host });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  // Files a crash or a failed removal left without a row: now, and every hour after.
  sweeps = startImageSweeps({
    sweep: (stopping) => sweepImages({ images, folders: imageFolders(database), stopping }),
    log: app.log,
  });
  // What an instance of the earlier release does not write, for the accounts it creates during
  // a rolling upgrade: written while the server serves. Cut short by a shutdown, which closed
  // the database under it, each is taken up by the next start.
  const writeInBackground = (work: () => Promise<number>, done: string, failed: string) =>
    work().then(
      (count) => {
        if (count > 0) app.log.info(`${done} for ${count} account(s)`);
      },
      (error: unknown) => {
        if (!isClosing) app.log.error({ err: error }, failed);
      },
    );
  const users = createUsersRepository(database);
  // The search text (migration 0011 wrote none), and the username's comparison form with the
  // Greek final sigma as σ (migration 0012 folded the names made before it).
  void writeInBackground(
    () => users.fillMissingSearchTexts(),
    'search text written',
    'could not write the search texts',
  );
  void writeInBackground(
    () => foldUsernameSigmas(database.db),
    'username folded',
    'could not fold the usernames',
  );
  app.log.info(
    `${config.appName} on http://localhost:${port} (${database.dialect === 'sqlite' ? `SQLite in ${config.dataDir}` : 'PostgreSQL'}; images ${config.s3 ? `in the S3 bucket ${config.s3.bucket}` : 'on disk'})`,
  );
}

const config = readConfig();
main(config).catch((error: unknown) => {
  // One line an operator can act on; the whole error only when asked for details.
  console.error(describeStartupError(error, config));
  if (config.logLevel === 'debug' || config.logLevel === 'trace') console.error(error);
  process.exit(1);
});
