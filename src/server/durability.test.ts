import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, expect, inject, test } from 'vitest';
import { createDatabase, type DatabaseOptions } from './db/client.ts';
import type { DialectName } from './db/dialect.ts';
import { imageFolders } from './image-folders.ts';
import { createFilesystemImageStore } from './storage/filesystem-store.ts';
import { SWEEP_GRACE_MS, sweepImages } from './storage/sweep.ts';
import { databaseProblems } from '#testing/database-integrity.ts';
import { createPng, toDataUrl } from '#testing/images.ts';
import { createScratchPostgresDatabase } from '#testing/scratch-postgres.ts';
import { seededRandom, seedFrom } from '#testing/seeded-random.ts';
import { startServer, type ServerProcess } from '#testing/server-process.ts';

/**
 * Acknowledged writes survive the server being killed (SIGKILL: no shutdown, no flush) in the
 * middle of writing sessions with screenshots, on both databases.
 *
 * - Acknowledged: the client read the whole 201 answer. Each such session is there afterwards
 *   with its screenshot and thumbnail served.
 * - Orphaned: a stored file that no row references and that the sweep would never remove. A
 *   request cut off by a kill may leave its files without a row (an image is written before its
 *   row commits); they are the sweep's work, once they are past its grace age. So: every row's
 *   files exist, the files without a row belong to no more requests than were cut off, and the
 *   sweep, run as it will be an hour later, removes exactly them, leaving every file referenced.
 * - The database passes its own integrity checks, and its summaries match its sessions.
 */

const KILLS = 5;
const WRITERS = 3;
const seed = seedFrom('DURABILITY_SEED');
console.log(`durability seed ${seed} (DURABILITY_SEED=${seed} makes the same random choices)`);

const cleanups: Array<() => Promise<unknown>> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

interface Target {
  env: Record<string, string>;
  options: DatabaseOptions;
  dataDir: string;
}

async function createTarget(dialect: DialectName): Promise<Target> {
  const dataDir = await mkdtemp(join(tmpdir(), 'rk-durable-'));
  cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
  // The jobs stay off: their writes are not what this test counts.
  const env = { DATA_DIR: dataDir, JOBS_INTERVAL_SECONDS: '0' };
  if (dialect === 'sqlite') {
    return {
      env,
      dataDir,
      options: { dialect, filename: join(dataDir, 'rulekeeper.db') },
    };
  }
  const database = await createScratchPostgresDatabase(inject('postgresUrl') ?? '');
  cleanups.push(database.drop);
  return {
    env: { ...env, DATABASE_URL: database.url },
    dataDir,
    options: { dialect, connectionString: database.url },
  };
}

function launch(env: Record<string, string>): ServerProcess {
  const server = startServer(env);
  cleanups.push(async () => {
    server.child.kill('SIGKILL');
    await server.exited;
  });
  return server;
}

function postJson(base: string, path: string, body: unknown, cookie = '') {
  return fetch(`${base}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
    body: JSON.stringify(body),
  });
}

/** A new trader with three rules, logged in: the cookie and the rules' ids. */
async function setUpTrader(base: string) {
  const account = { username: 'durable', password: 'durable-trader-2026' };
  const signup = await postJson(base, '/api/auth/signup', {
    ...account,
    fullName: 'Durable Trader',
    email: 'durable@example.com',
  });
  expect(signup.status).toBe(201);
  const login = await postJson(base, '/api/auth/login', { ...account, rememberMe: true });
  expect(login.status).toBe(200);
  const cookie = login.headers
    .getSetCookie()
    .map((header) => header.split(';')[0]!)
    .find((pair) => pair.startsWith('rk_session='));
  if (!cookie) throw new Error('login set no session cookie');
  const ruleIds: number[] = [];
  for (const description of ['Wait for the setup', 'Size by the stop', 'No revenge trades']) {
    const response = await postJson(base, '/api/rules', { description }, cookie);
    expect(response.status).toBe(201);
    ruleIds.push((await response.json()).rule.id);
  }
  return { cookie, ruleIds };
}

/** Every file in the image store as `folder/name`, temporary ones included. */
async function storedFiles(dataDir: string): Promise<string[]> {
  const root = join(dataDir, 'images');
  const entries = await readdir(root, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => `${entry.parentPath.slice(root.length + 1)}/${entry.name}`)
    .sort();
}

const PNG_SIGNATURE = '89504e470d0a1a0a';
const isWebp = (bytes: Buffer) =>
  bytes.subarray(0, 4).toString('latin1') === 'RIFF' &&
  bytes.subarray(8, 12).toString('latin1') === 'WEBP';

for (const dialect of ['sqlite', 'postgres'] as const) {
  test.skipIf(dialect === 'postgres' && !inject('postgresUrl'))(
    `every acknowledged session survives ${KILLS} SIGKILLs with its screenshot, no file is orphaned, the database checks out [${dialect}]`,
    async () => {
      // The kill schedule draws from its own sequence, so a seed repeats it whatever the
      // writers' interleaving.
      const schedule = seededRandom(seed);
      const random = seededRandom(seed + 1);
      const target = await createTarget(dialect);
      const screenshots = await Promise.all(
        [
          [40, 30],
          [64, 48],
          [120, 80],
        ].map(async ([width, height]) => toDataUrl(await createPng(width, height))),
      );

      let server = launch(target.env);
      // One server's life: its address, and whether the test has killed it.
      let life = { base: await server.address(), isKilled: false };
      const { cookie, ruleIds } = await setUpTrader(life.base);

      // The writers: each posts sessions with a screenshot, one after the other, to whichever
      // server is alive, and records what was acknowledged.
      const acknowledged = new Map<number, string>();
      const unexpected: string[] = [];
      let inFlight = 0;
      let cutOff = 0;
      let isStopping = false;
      let currentLife = Promise.resolve(life);
      let ackWaiter: { count: number; resolve: () => void } | null = null;
      /** Waits for `count` acknowledged writes, or for a failure, which the caller then reports. */
      const untilAcknowledged = async (count: number) => {
        await new Promise<void>((resolve) => {
          if (acknowledged.size >= count || unexpected.length > 0) return resolve();
          ackWaiter = { count, resolve };
        });
        expect(unexpected).toEqual([]);
      };
      const fail = (problem: string) => {
        unexpected.push(problem);
        ackWaiter?.resolve();
      };

      let written = 0;
      const writer = async () => {
        while (!isStopping) {
          const serving = await currentLife;
          if (isStopping) return;
          written += 1;
          const body = {
            name: `Durable ${written}`,
            date: `2026-0${random.int(1, 6)}-${String(random.int(1, 28)).padStart(2, '0')}`,
            sessionTypeId: random.int(1, 5),
            rulesFollowed: ruleIds.map((ruleId) => ({ ruleId, followed: random.boolean() })),
            notes: null,
            screenshotData: screenshots[random.int(0, screenshots.length - 1)],
          };
          inFlight += 1;
          try {
            const response = await postJson(serving.base, '/api/sessions', body, cookie);
            const text = await response.text();
            if (response.status !== 201) {
              fail(`${response.status} ${text}`);
              return;
            }
            const { session } = JSON.parse(text) as {
              session: { id: number; screenshotPath: string };
            };
            acknowledged.set(session.id, session.screenshotPath);
            if (ackWaiter && acknowledged.size >= ackWaiter.count) {
              ackWaiter.resolve();
              ackWaiter = null;
            }
          } catch (error) {
            // Cut off by the kill: not acknowledged. Any other failure is the test's failure.
            if (!serving.isKilled) {
              fail(String(error));
              return;
            }
          } finally {
            inFlight -= 1;
          }
        }
      };
      const writers = Array.from({ length: WRITERS }, writer);

      for (let kill = 1; kill <= KILLS; kill += 1) {
        // A few writes in every life, then the kill at a moment inside the next ones.
        await untilAcknowledged(acknowledged.size + schedule.int(2, 8));
        await new Promise((resolve) => setTimeout(resolve, schedule.int(0, 60)));
        let nextLife!: (value: typeof life) => void;
        currentLife = new Promise((resolve) => (nextLife = resolve));
        life.isKilled = true;
        cutOff += inFlight;
        server.child.kill('SIGKILL');
        expect(await server.exited).toBe(null);

        // The login lives in the database: the same cookie works on the new server.
        server = launch(target.env);
        life = { base: await server.address(), isKilled: false };
        nextLife(life);
      }
      await untilAcknowledged(acknowledged.size + 3);
      isStopping = true;
      await Promise.all(writers);
      expect(unexpected).toEqual([]);
      console.log(
        `[${dialect}] ${acknowledged.size} sessions acknowledged, ${cutOff} requests cut off by ${KILLS} kills`,
      );

      // Every acknowledged session, with its screenshot and thumbnail, as the trader sees them.
      for (const [id, ref] of acknowledged) {
        const headers = { cookie };
        const session = await fetch(`${life.base}/api/sessions/${id}`, { headers });
        expect(session.status, `session ${id}`).toBe(200);
        expect((await session.json()).session.screenshotPath).toBe(ref);
        const image = await fetch(`${life.base}/api/screenshots/${ref}`, { headers });
        expect(image.status, `screenshot of session ${id}`).toBe(200);
        expect(image.headers.get('content-type')).toBe('image/png');
        expect(Buffer.from(await image.arrayBuffer()).toString('hex', 0, 8)).toBe(PNG_SIGNATURE);
        const thumbnail = await fetch(`${life.base}/api/screenshots/${ref}/thumbnail`, { headers });
        expect(thumbnail.status, `thumbnail of session ${id}`).toBe(200);
        expect(thumbnail.headers.get('content-type')).toBe('image/webp');
        expect(isWebp(Buffer.from(await thumbnail.arrayBuffer()))).toBe(true);
      }
      server.child.kill('SIGTERM');
      expect(await server.exited).toBe(0);

      const database = createDatabase(target.options);
      cleanups.push(() => database.db.destroy());
      const rows = await database.db
        .selectFrom('trading_sessions')
        .select(['id', 'screenshot_ref'])
        .execute();
      const refs = new Set(rows.map((row) => row.screenshot_ref));
      expect(refs.has(null)).toBe(false);
      const referencedFiles = [...refs]
        .flatMap((ref) => [`screenshots/${ref}`, `thumbnails/${ref}.webp`])
        .sort();

      // Every row's files are there; what has no row came from requests the kills cut off.
      const files = await storedFiles(target.dataDir);
      expect(referencedFiles.filter((file) => !files.includes(file))).toEqual([]);
      // A cut-off request leaves at most one screenshot's files and one half-written file.
      const leftovers = files.filter((file) => !referencedFiles.includes(file));
      const halfWritten = leftovers.filter((file) => file.includes('/.tmp-'));
      const leftoverRefs = new Set(
        leftovers
          .filter((file) => !halfWritten.includes(file))
          .map((file) => file.replace(/^[a-z]+\//, '').replace(/\.webp$/, '')),
      );
      expect(leftoverRefs.size).toBeLessThanOrEqual(cutOff);
      expect(halfWritten.length).toBeLessThanOrEqual(cutOff);
      console.log(
        `[${dialect}] left by the kills: ${leftoverRefs.size} screenshots without a row, ${halfWritten.length} half-written files`,
      );

      // The sweep, once they are past its grace age, removes exactly those, and nothing else.
      const removed = await sweepImages({
        images: createFilesystemImageStore(join(target.dataDir, 'images')),
        folders: imageFolders(database),
        now: new Date(Date.now() + SWEEP_GRACE_MS + 60_000),
      });
      expect(removed).toBe(leftovers.length);
      expect(await storedFiles(target.dataDir)).toEqual(referencedFiles);

      expect(await databaseProblems(database)).toEqual([]);
    },
    240_000,
  );
}
