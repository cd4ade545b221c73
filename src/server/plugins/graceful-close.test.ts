import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SqliteDriver } from '#server/db/sqlite-driver.ts';
import { afterAll, expect, test } from 'vitest';
import { createTestImageStore } from '#testing/image-store.ts';
import { createApp } from '#server/app.ts';
import { loadConfig } from '#server/config.ts';
import { createDatabase } from '#server/db/client.ts';
import { migrateToLatest } from '#server/db/migrate.ts';
import { buildSignup } from '#testing/factories.ts';
import { testImportReader } from '#testing/test-app.ts';

const folder = mkdtempSync(join(tmpdir(), 'rk-close-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

test('closing waits for a handler whose client hung up before it closes the database', async () => {
  const filename = join(folder, 'rulekeeper.db');
  const database = createDatabase({ dialect: 'sqlite', filename });
  await migrateToLatest(database);
  const app = await createApp({
    database,
    config: loadConfig({}),
    images: (await createTestImageStore()).images,
    importReader: testImportReader(),
  });
  let seen: () => void = () => {};
  const isSeen = new Promise<void>((resolve) => (seen = resolve));
  app.addHook('preHandler', async () => seen());
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as { port: number };

  // The client gives up while the server is still hashing the new account's password.
  const client = new AbortController();
  const account = buildSignup();
  const request = fetch(`http://127.0.0.1:${port}/api/auth/signup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(account),
    signal: client.signal,
  }).catch(() => undefined);
  await isSeen;
  client.abort();
  await request;
  await app.close();

  const stored = new SqliteDriver(filename, { readonly: true });
  try {
    expect(stored.prepare('select username from users').all()).toEqual([
      { username: account.username },
    ]);
  } finally {
    stored.close();
  }
});

test('closing closes the database, unless the app was told to keep it open', async () => {
  const store = await createTestImageStore();
  const openApp = async (isClosingDatabase?: boolean) => {
    const database = createDatabase({ dialect: 'sqlite', filename: ':memory:' });
    await migrateToLatest(database);
    const app = await createApp({
      database,
      config: loadConfig({}),
      images: store.images,
      importReader: testImportReader(),
      ...(isClosingDatabase === undefined ? {} : { isClosingDatabase }),
    });
    return { app, database };
  };
  try {
    const closing = await openApp();
    await closing.app.close();
    await expect(closing.database.db.selectFrom('users').selectAll().execute()).rejects.toThrow(
      /destroyed/,
    );

    const keeping = await openApp(false);
    await keeping.app.close();
    try {
      expect(await keeping.database.db.selectFrom('users').selectAll().execute()).toEqual([]);
    } finally {
      await keeping.database.db.destroy();
    }
  } finally {
    await store.remove();
  }
});
