import { randomBytes } from 'node:crypto';
import pg from 'pg';

/**
 * A new, empty PostgreSQL database beside the run's one (`postgresUrl`), for a test that starts
 * the real server: the server takes a URL and no schema of its own, so it gets a database.
 * `drop` removes it, closing whatever connections a killed server left behind.
 */
export async function createScratchPostgresDatabase(runUrl: string) {
  const name = `rk_scratch_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: runUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(runUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      // A plain drop waits a few seconds for closing connections (a pool just ended, a killed
      // server's) to go; forcing at once would cut a pool's goodbye short and fail it loudly.
      try {
        await admin.query(`drop database if exists ${name}`);
      } catch {
        await admin.query(`drop database if exists ${name} with (force)`);
      }
      await admin.end();
    },
  };
}
