import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { EXPORT_FORMAT, EXPORT_VERSION, type ExportFile } from '#shared/schemas/export.ts';
import { everything, makeZip, postImport } from '#testing/data-transfer.ts';
import { createLoggedInUser } from '#testing/factories.ts';
import { createPng } from '#testing/images.ts';
import {
  BUSY_READER,
  childProcessCount,
  readerStarted,
  standInReader,
} from '#testing/import-readers.ts';
import { createRules } from '#testing/rules.ts';
import {
  createTestApp,
  describeEachDialect,
  testImportReader,
  type TestApp,
} from '#testing/test-app.ts';
import { AppError } from '../../errors.ts';
import type { ImportUpload } from './import-file.ts';
import { createImportReader, MAX_WAITING_IMPORTS, type ImportReader } from './import-reader.ts';

/** A valid export of `count` sessions, the first with a screenshot when `image` is given. */
function exportOf(count: number, image?: string): ExportFile {
  return {
    format: EXPORT_FORMAT,
    version: EXPORT_VERSION,
    exportedAt: '2026-12-05T10:00:00.000Z',
    profile: { username: 'ann', fullName: 'Ann', email: 'ann@example.com', companyName: null },
    rules: [{ id: 7, description: 'Follow stop loss', notes: null, position: 0 }],
    sessions: Array.from({ length: count }, (_, index) => ({
      uid: `session-${String(index).padStart(5, '0')}`,
      name: `Session ${index}`,
      date: '2026-03-14',
      sessionType: null,
      notes: null,
      complianceRating: 100,
      checklist: [{ ruleId: 7, description: 'Follow stop loss', followed: true }],
      screenshot: index === 0 && image ? image : null,
      createdAt: '2026-03-14T18:00:00.000Z',
    })),
  };
}

/** Millions of empty objects: a few megabytes of JSON that take hundreds of megabytes parsed. */
function flood(megabytes: number): Buffer {
  const count = Math.floor((megabytes * 1024 * 1024) / 3);
  return Buffer.from(`{"format":"${EXPORT_FORMAT}","x":[${'{},'.repeat(count)}{}]}`);
}

const json = (value: unknown) => ({
  kind: 'json' as const,
  bytes: Buffer.from(JSON.stringify(value)),
});

/** The file a reader answers, used by nothing else. */
const readWhole = (reader: ImportReader, upload: ImportUpload) =>
  reader.read(upload, async (file) => file);

/** What `read` refused with: its status and words. */
async function refusalOf(reading: Promise<unknown>) {
  const error: unknown = await reading.then(
    () => null,
    (reason: unknown) => reason,
  );
  if (!(error instanceof AppError)) throw new Error(`expected a refusal, got ${String(error)}`);
  return { status: error.statusCode, message: error.message };
}

const TOO_MUCH = {
  status: 413,
  message: 'The export file holds more than this server can read in one import',
};

/** Answers, as a refusal's words, the environment it was started with. */
const ENVIRONMENT_READER = `process.send({ type: 'refused', code: 'env', statusCode: 400, message: JSON.stringify(process.env) }, () => process.disconnect());`;

describe('the import reader, a process of its own', () => {
  test('answers a large document whole, in its order, with the screenshots its sessions name', async () => {
    const reader = createImportReader(testImportReader());
    const png = await createPng();
    const document = exportOf(2500, 'images/first.png');
    const zip = makeZip({
      'export.json': JSON.stringify(document),
      'images/first.png': png,
      // In the ZIP, named by no session: not sent to the server.
      'images/unused.png': png,
    });

    const file = await readWhole(reader, { kind: 'zip', bytes: zip });
    // 2,500 sessions come back over 25 messages, and are put together as they were.
    expect(file.document).toEqual(document);
    expect([...file.images.keys()]).toEqual(['images/first.png']);
    expect(Buffer.isBuffer(file.images.get('images/first.png'))).toBe(true);
    expect(file.images.get('images/first.png')?.equals(png)).toBe(true);
  });

  test('passes a refusal on with its status and words', async () => {
    const reader = createImportReader(testImportReader());
    expect(
      await refusalOf(readWhole(reader, { kind: 'json', bytes: Buffer.from('{"format": ') })),
    ).toEqual({ status: 400, message: 'The export file is not valid JSON' });
    expect(await refusalOf(readWhole(reader, json({ format: 'other' })))).toEqual({
      status: 400,
      message: 'This is not a Rulekeeper export file',
    });
  });

  test('a file past the reader’s memory ends its process, not this one: 413, and the next file is read', async () => {
    const reader = createImportReader(testImportReader({ maxHeapMb: 32 }));
    expect(await refusalOf(readWhole(reader, { kind: 'json', bytes: flood(24) }))).toEqual(
      TOO_MUCH,
    );
    // The same amplified through a ZIP: 24 MB of empty objects compress to some 24 kB.
    const zip = makeZip({ 'export.json': flood(24) });
    expect(zip.length).toBeLessThan(100 * 1024);
    expect(await refusalOf(readWhole(reader, { kind: 'zip', bytes: zip }))).toEqual(TOO_MUCH);
    expect((await readWhole(reader, json(exportOf(1)))).document.sessions).toHaveLength(1);
  });

  test('a reader still reading at the deadline is ended, and the import is a 413', async () => {
    const busy = standInReader(BUSY_READER);
    try {
      const baseline = childProcessCount();
      const reader = createImportReader({ script: busy.script, deadlineMs: 500 });
      expect(await refusalOf(readWhole(reader, json(exportOf(1))))).toEqual(TOO_MUCH);
      expect(childProcessCount()).toBe(baseline);
    } finally {
      busy.remove();
    }
  });

  test('reads one file at a time: the next waits for the reader before it', async () => {
    const reader = createImportReader(testImportReader());
    const baseline = childProcessCount();
    let most = 0;
    const watching = setInterval(() => {
      most = Math.max(most, childProcessCount() - baseline);
    }, 2);
    try {
      const files = await Promise.all(
        [1, 2, 3].map((count) => readWhole(reader, json(exportOf(count)))),
      );
      expect(files.map((file) => file.document.sessions.length)).toEqual([1, 2, 3]);
    } finally {
      clearInterval(watching);
    }
    expect(most).toBe(1);
  });

  test('the next file is read once the one before has been used', async () => {
    const reader = createImportReader(testImportReader());
    const baseline = childProcessCount();
    let release = () => {};
    const using = new Promise<void>((resolve) => {
      release = resolve;
    });
    let isUsing = false;
    const first = reader.read(json(exportOf(1)), async () => {
      isUsing = true;
      await using;
    });
    const second = reader.read(json(exportOf(2)), async (file) => file.document.sessions.length);
    while (!isUsing) await setTimeout(5);
    // No reader runs while the first file is used: starting one alone takes about 60 ms.
    let most = 0;
    for (let tick = 0; tick < 150; tick++) {
      most = Math.max(most, childProcessCount() - baseline);
      await setTimeout(2);
    }
    expect(most).toBe(0);
    release();
    await first;
    expect(await second).toBe(2);
  });

  test('a few imports wait their turn; one more is told to come back (503)', async () => {
    // The first ends past its heap (413), the others are small enough for it.
    const reader = createImportReader(testImportReader({ maxHeapMb: 32 }));
    const baseline = childProcessCount();
    const long = readWhole(reader, { kind: 'json', bytes: flood(24) });
    await readerStarted(baseline);
    const waiting = Array.from({ length: MAX_WAITING_IMPORTS }, () =>
      readWhole(reader, json(exportOf(1))),
    );
    expect(await refusalOf(readWhole(reader, json(exportOf(1))))).toEqual({
      status: 503,
      message: 'Other imports are being read: please try again in a minute',
    });
    expect(await refusalOf(long)).toEqual(TOO_MUCH);
    for (const file of await Promise.all(waiting)) expect(file.document.sessions).toHaveLength(1);
  });

  test('closing ends the file being read and answers those waiting with a 503', async () => {
    const busy = standInReader(BUSY_READER);
    try {
      const reader = createImportReader({ script: busy.script });
      const baseline = childProcessCount();
      const reading = readWhole(reader, json(exportOf(1)));
      const waiting = readWhole(reader, json(exportOf(1)));
      await readerStarted(baseline);
      reader.close();
      const restarting = {
        status: 503,
        message: 'The server is restarting: please import the file again in a minute',
      };
      expect(await refusalOf(reading)).toEqual(restarting);
      expect(await refusalOf(waiting)).toEqual(restarting);
      expect(await refusalOf(readWhole(reader, json(exportOf(1))))).toEqual(restarting);
      expect(childProcessCount()).toBe(baseline);
    } finally {
      busy.remove();
    }
  });

  test('the reader gets none of the server’s settings or secrets', async () => {
    process.env.RULEKEEPER_TEST_SECRET = 'postgres://user:secret@db/rulekeeper';
    const stand = standInReader(ENVIRONMENT_READER);
    try {
      const reader = createImportReader({ script: stand.script });
      const { message } = await refusalOf(readWhole(reader, json({})));
      const environment = JSON.parse(message) as Record<string, string>;
      expect(environment).not.toHaveProperty('RULEKEEPER_TEST_SECRET');
      expect(
        Object.keys(environment).every((name) =>
          ['PATH', 'TMPDIR', 'TMP', 'TEMP', 'SYSTEMROOT'].includes(name),
        ),
      ).toBe(true);
    } finally {
      delete process.env.RULEKEEPER_TEST_SECRET;
      stand.remove();
    }
  });

  test('a reader that fails to run is the server’s error, not a refusal of the file', async () => {
    const broken = createImportReader({ script: join(tmpdir(), 'no-such-reader.js') });
    await expect(readWhole(broken, json(exportOf(1)))).rejects.toThrow(
      /^The import reader stopped \(1\)/,
    );
  });

  test('runs the TypeScript source in development, as the server runs under tsx', async () => {
    const script = fileURLToPath(new URL('./read-import.ts', import.meta.url));
    const reader = createImportReader({ script });
    expect((await readWhole(reader, json(exportOf(2)))).document.sessions).toHaveLength(2);
  });
});

describeEachDialect('an import past the reader’s memory (IMPORT_MEMORY_MB)', (dialect) => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp(dialect, { env: { IMPORT_MEMORY_MB: '64' } });
  });
  afterEach(() => t.close());

  test('is a 413 that changes nothing, and the server goes on', async () => {
    const { cookie } = await createLoggedInUser(t.app);
    await createRules(t.app, cookie, [{ description: 'My own rule' }]);
    const before = await everything(t);

    for (const file of [flood(24).toString(), makeZip({ 'export.json': flood(24) })]) {
      const response = await postImport(t.app, cookie, file);
      expect(response.statusCode, response.body).toBe(413);
      expect(response.json()).toEqual({ message: TOO_MUCH.message });
    }
    expect(await everything(t)).toEqual(before);

    const response = await postImport(t.app, cookie, exportOf(1));
    expect(response.statusCode, response.body).toBe(200);
  });
});

describe('closing the server during an import', () => {
  test('the import is answered with a 503 at once, not waited for', async () => {
    const t = await createTestApp('sqlite');
    try {
      const { cookie } = await createLoggedInUser(t.app);
      const before = await everything(t);
      const baseline = childProcessCount();
      const importing = postImport(t.app, cookie, flood(48).toString());
      await readerStarted(baseline);
      await t.app.close();
      const response = await importing;
      expect(response.statusCode, response.body).toBe(503);
      expect(response.headers['retry-after']).toBe('60');
      expect(response.json()).toEqual({
        message: 'The server is restarting: please import the file again in a minute',
      });
      expect(await everything(t)).toEqual(before);
    } finally {
      await t.close();
    }
  });
});
