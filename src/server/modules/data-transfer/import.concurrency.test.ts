import { connect, type AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import { setTimeout } from 'node:timers/promises';
import { sql } from 'kysely';
import { afterEach, beforeEach, expect, test } from 'vitest';
import type { ImportResult } from '#shared/schemas/export.ts';
import type { App } from '#server/app.ts';
import { everything, exportZip, importFile, postImport } from '#testing/data-transfer.ts';
import { createTestImageStore } from '#testing/image-store.ts';
import { createLoggedInUser } from '#testing/factories.ts';
import { createPng, toDataUrl } from '#testing/images.ts';
import { createSharedDatabase } from '#testing/notices.ts';
import {
  BUSY_READER,
  childProcessCount,
  readerStarted,
  standInReader,
} from '#testing/import-readers.ts';
import { createRules } from '#testing/rules.ts';
import { createSession } from '#testing/sessions.ts';
import { MAX_HELD_IMPORTS } from './import-reader.ts';
import {
  createTestApp,
  describeEachDialect,
  describePostgres,
  type TestApp,
} from '#testing/test-app.ts';

/**
 * An upload that arrives when the test says: `reading` settles once the server asks for its
 * first bytes, `send` gives it the whole file, `fail` breaks the connection.
 */
function slowUpload() {
  let started: () => void = () => {};
  const reading = new Promise<void>((resolve) => {
    started = resolve;
  });
  const stream = new Readable({ read: () => started() });
  return {
    stream,
    reading,
    send: (bytes: Buffer) => {
      stream.push(bytes);
      stream.push(null);
    },
    fail: () => stream.destroy(new Error('the connection broke')),
  };
}

const postUpload = (app: App, cookie: string, upload: Readable) =>
  app.inject({
    method: 'POST',
    url: '/api/import',
    headers: { cookie, 'content-type': 'application/zip' },
    payload: upload,
  });

/** The app listening on a port of its own, for clients that hang up as real ones do. */
async function listening(app: App): Promise<number> {
  await app.listen({ host: '127.0.0.1', port: 0 });
  return (app.server.address() as AddressInfo).port;
}

/** An import's request over a socket of the test's own: its headers, the body left to the test. */
function importSocket(port: number, cookie: string, length: number) {
  const socket = connect(port, '127.0.0.1');
  socket.on('error', () => {});
  socket.write(
    `POST /api/import HTTP/1.1\r\nHost: 127.0.0.1\r\nCookie: ${cookie}\r\n` +
      `Content-Type: application/zip\r\nContent-Length: ${length}\r\n\r\n`,
  );
  return socket;
}

/**
 * The same file imported at once through four instances on one database and one image store
 * (a company's balancer; within one instance a trader imports one file at a time, below). The
 * trader's lock makes the imports one after the other, so the first adds everything and the
 * others find it there: no duplicate, no 500, no stray file.
 */
describeEachDialect('one file imported through four instances at once', (dialect) => {
  let shared: Awaited<ReturnType<typeof createSharedDatabase>>;
  let store: Awaited<ReturnType<typeof createTestImageStore>>;
  let apps: App[];
  beforeEach(async () => {
    shared = await createSharedDatabase(dialect);
    store = await createTestImageStore();
    apps = await Promise.all([1, 2, 3, 4].map(() => shared.startApp({ images: store.images })));
  });
  afterEach(async () => {
    await Promise.all(apps.map((app) => app.close()));
    await shared.close();
    await store.remove();
  });

  test('adds each rule and session once', async () => {
    const app = apps[0]!;
    const source = await createLoggedInUser(app);
    const rules = await createRules(app, source.cookie, [
      { description: 'A' },
      { description: 'B' },
    ]);
    const png = toDataUrl(await createPng());
    for (let i = 0; i < 6; i++) {
      await createSession(app, source.cookie, {
        name: `S${i}`,
        date: `2026-0${1 + (i % 3)}-1${i}`,
        screenshotData: i % 2 === 0 ? png : null,
        rulesFollowed: rules.map((rule, index) => ({ ruleId: rule.id, followed: index === i % 2 })),
      });
    }
    const zip = await exportZip(app, source.cookie);
    const { cookie, user } = await createLoggedInUser(app);

    const responses = await Promise.all(apps.map((instance) => postImport(instance, cookie, zip)));
    for (const response of responses) expect(response.statusCode, response.body).toBe(200);
    const results = responses.map((response) => response.json<ImportResult>());
    expect(results.reduce((sum, result) => sum + result.sessionsAdded, 0)).toBe(6);
    expect(results.reduce((sum, result) => sum + result.rulesAdded, 0)).toBe(2);

    const { db } = shared.connect();
    const count = async (table: 'trading_rules' | 'trading_sessions') =>
      (await db.selectFrom(table).select('id').where('user_id', '=', user.id).execute()).length;
    expect(await count('trading_rules')).toBe(2);
    expect(await count('trading_sessions')).toBe(6);
    // Three screenshots per trader, each an image and a thumbnail: the copies made by the
    // imports that found the sessions there already were removed.
    expect(await store.listFiles()).toHaveLength(2 * 3 * 2);
  });
});

describeEachDialect('imports under concurrent requests', (dialect) => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp(dialect);
  });
  afterEach(() => t.close());

  test("a trader's second import while the first is under way is refused before its upload is read (429); other traders import meanwhile", async () => {
    const trader = await createLoggedInUser(t.app);
    const other = await createLoggedInUser(t.app);
    await createRules(t.app, trader.cookie, [{ description: 'Wait for the retest' }]);
    const zip = await exportZip(t.app, trader.cookie);

    const first = slowUpload();
    const firstAnswer = postUpload(t.app, trader.cookie, first.stream);
    await first.reading;

    // An upload that never ends: only a refusal before its body is read can answer it.
    const second = slowUpload();
    const refused = await postUpload(t.app, trader.cookie, second.stream);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({
      message: 'An import of yours is still being read: please wait for it to finish',
    });
    second.fail();

    expect((await importFile(t.app, other.cookie, zip)).rulesAdded).toBe(1);

    first.send(zip);
    expect((await firstAnswer).statusCode).toBe(200);
    // Its answer gave the trader's turn back.
    expect((await postImport(t.app, trader.cookie, zip)).statusCode).toBe(200);
    const { rules } = await everything(t);
    expect(rules.map((rule) => rule.user_id).sort()).toEqual([trader.user.id, other.user.id]);
  });

  test("past the imports an instance holds, another trader's is refused before its upload is read (503); a closed one's place is taken", async () => {
    const source = await createLoggedInUser(t.app);
    await createRules(t.app, source.cookie, [{ description: 'Wait for the retest' }]);
    const zip = await exportZip(t.app, source.cookie);
    const holders = [];
    for (let i = 0; i < MAX_HELD_IMPORTS; i++) {
      const { cookie } = await createLoggedInUser(t.app);
      const upload = slowUpload();
      const answer = postUpload(t.app, cookie, upload.stream);
      await upload.reading;
      holders.push({ cookie, upload, answer });
    }
    const late = await createLoggedInUser(t.app);
    const before = await everything(t);

    // An upload that never ends: only a refusal before its body is read can answer it.
    const refusedUpload = slowUpload();
    let asked = false;
    void refusedUpload.reading.then(() => (asked = true));
    const refused = await Promise.race([
      postUpload(t.app, late.cookie, refusedUpload.stream),
      setTimeout(3000),
    ]);
    expect(refused?.statusCode).toBe(503);
    expect(refused?.headers['retry-after']).toBe('60');
    expect(refused?.json()).toEqual({
      message: 'Other imports are being read: please try again in a minute',
    });
    // The server never asked for its bytes.
    await setTimeout(50);
    expect(asked).toBe(false);
    refusedUpload.fail();
    expect(await everything(t)).toEqual(before);

    // A holder's second import is told its own is under way, not that others are.
    const second = slowUpload();
    expect((await postUpload(t.app, holders[0]!.cookie, second.stream)).statusCode).toBe(429);
    second.fail();

    // One holder's connection closes: its place goes to the trader refused.
    holders[0]!.upload.fail();
    await holders[0]!.answer.catch(() => {});
    expect((await importFile(t.app, late.cookie, zip)).rulesAdded).toBe(1);

    for (const { upload, answer } of holders.slice(1)) {
      upload.fail();
      await answer.catch(() => {});
    }
  });

  test('an upload cut off midway gives the trader the next turn', async () => {
    const { cookie } = await createLoggedInUser(t.app);
    const zip = await exportZip(t.app, cookie);
    const cut = slowUpload();
    const cutAnswer = postUpload(t.app, cookie, cut.stream);
    await cut.reading;
    cut.fail();
    await cutAnswer.catch(() => {});

    expect((await postImport(t.app, cookie, zip)).statusCode).toBe(200);
  });

  test('a client that hangs up while its import is read keeps its claim until the work ends', async () => {
    const busy = standInReader(BUSY_READER);
    const slow = await createTestApp(dialect, { importReader: { script: busy.script } });
    try {
      const { cookie } = await createLoggedInUser(slow.app);
      const zip = await exportZip(slow.app, cookie);
      const port = await listening(slow.app);
      const baseline = childProcessCount();
      const socket = importSocket(port, cookie, zip.length);
      socket.write(zip);
      await readerStarted(baseline);
      socket.destroy();
      await setTimeout(200);

      // The first upload is still held and read: another one waits for no turn, it is refused.
      const second = await Promise.race([postImport(slow.app, cookie, zip), setTimeout(3000)]);
      expect(second?.statusCode).toBe(429);
    } finally {
      await slow.close();
      busy.remove();
    }
  });
});

/**
 * A client can be gone before its import's claim is taken: while the server looks its login up,
 * which on PostgreSQL waits on another connection (on SQLite it is done in the same turn). The
 * test holds that lookup back with a lock, so the connection's close comes first every time.
 */
describePostgres('an import whose client hung up before the claim', () => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp('postgres');
  });
  afterEach(() => t.close());

  test('takes no claim, and the trader imports next', async () => {
    const { cookie } = await createLoggedInUser(t.app);
    const zip = await exportZip(t.app, cookie);
    const port = await listening(t.app);
    let release = () => {};
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    const locking = t.database.db.transaction().execute(async (trx) => {
      await sql`lock table auth_sessions in access exclusive mode`.execute(trx);
      await released;
    });
    await setTimeout(100);
    for (let i = 0; i < 3; i++) importSocket(port, cookie, zip.length).end();
    await setTimeout(300);
    release();
    await locking;
    await setTimeout(300);

    expect((await postImport(t.app, cookie, zip)).statusCode).toBe(200);
  });
});
