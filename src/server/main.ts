import { fileURLToPath } from 'node:url';
import { createApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import { createDatabase, databaseOptionsFromConfig } from './db/client.ts';
import { migrateToLatest } from './db/migrate.ts';

/** Read config → open db → migrate → createApp → listen; close cleanly on SIGTERM/SIGINT. */
async function main() {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }

  const database = createDatabase(databaseOptionsFromConfig(config));
  await migrateToLatest(database);

  const app = await createApp({
    database,
    config,
    // The bundle (dist/server/main.js) serves the built client beside it, dist/client. Under
    // tsx in development Vite serves the client, so there is none here.
    ...(import.meta.url.endsWith('/dist/server/main.js')
      ? { clientDir: fileURLToPath(new URL('../client', import.meta.url)) }
      : {}),
    logger: {
      level: config.logLevel,
      redact: ['req.headers.cookie', 'res.headers["set-cookie"]'],
    },
  });

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
    app.close().then(
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
  app.log.info(
    `${config.appName} on http://localhost:${config.port} (${database.dialect === 'sqlite' ? `SQLite in ${config.dataDir}` : 'PostgreSQL'})`,
  );
}

main().catch((error: unknown) => {
  console.error('Failed to start:', error);
  process.exit(1);
});
