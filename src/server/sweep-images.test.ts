import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { startTestS3Server } from '#testing/s3-server.ts';
import { builtCommand } from '#testing/server-process.ts';
import { createDatabase } from './db/client.ts';
import { migrateToLatest } from './db/migrate.ts';
import { createS3ImageStore } from './storage/s3-store.ts';

const dataDir = mkdtempSync(join(tmpdir(), 'rk-sweep-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

/** The one image a row references: the SQLite database under DATA_DIR holds its session. */
const used = 'UUUUUUUUUUUUUUUUUUUUUU.png';
beforeAll(async () => {
  const database = createDatabase({ dialect: 'sqlite', filename: join(dataDir, 'rulekeeper.db') });
  await migrateToLatest(database);
  const { id: userId } = await database.db
    .insertInto('users')
    .values({
      username: 'sweeper',
      username_normalized: 'sweeper',
      password_hash: 'x',
      full_name: 'Sweeper',
      email: 'sweeper@example.com',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await database.db
    .insertInto('trading_sessions')
    .values({
      user_id: userId,
      name: 'Kept',
      session_date: '2026-03-14',
      session_type_id: 1,
      compliance_rating: 0,
      followed_count: 0,
      total_count: 0,
      screenshot_ref: used,
      notes: null,
      uid: 'kept',
    })
    .execute();
  await database.db.destroy();
});

test('npm run sweep:images removes old files no session references, and says how many', async () => {
  const old = new Date(Date.now() - 2 * 60 * 60 * 1000);
  for (const folder of ['screenshots', 'thumbnails']) {
    mkdirSync(join(dataDir, 'images', folder), { recursive: true });
  }
  const write = (key: string, isOld: boolean) => {
    const path = join(dataDir, 'images', key);
    writeFileSync(path, 'image');
    if (isOld) utimesSync(path, old, old);
  };
  write(`screenshots/${used}`, true);
  write(`thumbnails/${used}.webp`, true);
  write('screenshots/OOOOOOOOOOOOOOOOOOOOOO.jpg', true);
  write('thumbnails/OOOOOOOOOOOOOOOOOOOOOO.jpg.webp', true);
  write('screenshots/YYYYYYYYYYYYYYYYYYYYYY.png', false);
  // What the app did not write is left alone, and stops nothing.
  write('screenshots/.DS_Store', true);
  mkdirSync(join(dataDir, 'images', 'screenshots', 'copied'));
  utimesSync(join(dataDir, 'images', 'screenshots', 'copied'), old, old);
  // A folder whose name a key could have: its removal failed and stopped the sweep.
  mkdirSync(join(dataDir, 'images', 'screenshots', 'backup.old'));
  utimesSync(join(dataDir, 'images', 'screenshots', 'backup.old'), old, old);

  const run = spawnSync(...builtCommand('sweep-images'), {
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' },
    encoding: 'utf8',
  });
  expect(run.stderr).toBe('');
  expect(run.stdout.trim()).toBe('Removed 2 unreferenced image files.');
  expect(run.status).toBe(0);
  expect(readdirSync(join(dataDir, 'images', 'screenshots')).sort()).toEqual([
    '.DS_Store',
    used,
    'YYYYYYYYYYYYYYYYYYYYYY.png',
    'backup.old',
    'copied',
  ]);
  expect(readdirSync(join(dataDir, 'images', 'thumbnails'))).toEqual([`${used}.webp`]);
});

test('npm run sweep:images sweeps the S3 bucket when S3_BUCKET is set, and exits', async () => {
  const s3 = await startTestS3Server();
  try {
    const bucket = await s3.createBucket();
    const images = createS3ImageStore(bucket.settings());
    const old = new Date(Date.now() - 2 * 60 * 60 * 1000);
    // Beside the referenced image, two orphans, one of them young.
    for (const key of [
      `screenshots/${used}`,
      'screenshots/OOOOOOOOOOOOOOOOOOOOOO.jpg',
      'screenshots/YYYYYYYYYYYYYYYYYYYYYY.png',
    ]) {
      await images.put(key, Buffer.from('image'));
      if (!key.includes('YYY')) await bucket.setWrittenAt(key, old);
    }

    const run = spawnSync(...builtCommand('sweep-images'), {
      env: {
        ...process.env,
        ...bucket.env,
        DATA_DIR: dataDir,
        DATABASE_URL: '',
        AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
      },
      encoding: 'utf8',
    });
    expect(run.stderr).toBe('');
    expect(run.stdout.trim()).toBe('Removed 1 unreferenced image file.');
    expect(run.status).toBe(0);
    expect(await bucket.listKeys()).toEqual([
      `screenshots/${used}`,
      'screenshots/YYYYYYYYYYYYYYYYYYYYYY.png',
    ]);
  } finally {
    await s3.close();
  }
});
