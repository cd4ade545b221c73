import { randomBytes } from 'node:crypto';
import { strFromU8, unzipSync } from 'fflate';
import sharp from 'sharp';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { SCREENSHOT_MAX_BYTES } from '#shared/constants.ts';
import type { ExportFileInput } from '#shared/schemas/export.ts';
import type { Session } from '#shared/schemas/sessions.ts';
import { everything, exportZip, makeZip, postImport } from '#testing/data-transfer.ts';
import { createLoggedInUser } from '#testing/factories.ts';
import { createPng, toDataUrl } from '#testing/images.ts';
import { createRules } from '#testing/rules.ts';
import { createSession } from '#testing/sessions.ts';
import { createTestApp, describeEachDialect, type TestApp } from '#testing/test-app.ts';
import { IMPORTED_SCREENSHOT_MAX_BYTES } from './import-file.ts';

const SVG = '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>';

describeEachDialect('a refused import changes nothing', (dialect) => {
  let t: TestApp;
  let cookie: string;
  /** A good export of another trader: one rule, a session with a screenshot, one without. */
  let document: ExportFileInput;
  let image: { path: string; bytes: Uint8Array };

  beforeEach(async () => {
    t = await createTestApp(dialect);
    const source = await createLoggedInUser(t.app);
    // Recorded before the trader had rules: its checklist is empty.
    await createSession(t.app, source.cookie, { name: 'Plain', date: '2026-03-15' });
    const [rule] = await createRules(t.app, source.cookie, [{ description: 'Follow stop loss' }]);
    await createSession(t.app, source.cookie, {
      name: 'With a picture',
      rulesFollowed: [{ ruleId: rule!.id, followed: true }],
      screenshotData: toDataUrl(await createPng()),
    });
    const files = unzipSync(await exportZip(t.app, source.cookie));
    document = JSON.parse(strFromU8(files['export.json']!)) as ExportFileInput;
    const path = document.sessions[0]!.screenshot!;
    image = { path, bytes: files[path]! };

    // The importing trader has data of their own, which must stay exactly as it is.
    ({ cookie } = await createLoggedInUser(t.app));
    const [mine] = await createRules(t.app, cookie, [{ description: 'My own rule' }]);
    await createSession(t.app, cookie, {
      rulesFollowed: [{ ruleId: mine!.id, followed: false }],
      screenshotData: toDataUrl(await createPng(10, 10)),
    });
  });
  afterEach(() => t.close());

  const zipOf = (doc: unknown, extra: Record<string, string | Uint8Array> = {}) =>
    makeZip({ 'export.json': JSON.stringify(doc), [image.path]: image.bytes, ...extra });

  /** The import is refused with `status` and `message`, and every row and file is as before. */
  const expectRefused = async (
    file: Buffer | object | string,
    status: number,
    message: string | RegExp,
  ) => {
    const before = await everything(t);
    const response = await postImport(t.app, cookie, file);
    expect(response.statusCode, response.body).toBe(status);
    const body = response.json<{ message: string }>();
    if (typeof message === 'string') expect(body.message).toBe(message);
    else expect(body.message).toMatch(message);
    expect(await everything(t)).toEqual(before);
  };

  test('the good file itself imports (the cases below differ from it in one thing)', async () => {
    const response = await postImport(t.app, cookie, zipOf(document));
    expect(response.statusCode, response.body).toBe(200);
  });

  describe('files that are not ZIPs, or damaged ones', () => {
    test('bytes that are not a ZIP', async () => {
      await expectRefused(Buffer.from('just some text'), 400, 'The file is not a ZIP file');
    });

    test('a ZIP cut short', async () => {
      const zip = zipOf(document);
      await expectRefused(
        zip.subarray(0, Math.floor(zip.length / 2)),
        400,
        'The ZIP file is damaged or incomplete',
      );
    });

    test('a ZIP header followed by garbage', async () => {
      await expectRefused(
        Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(200, 7)]),
        400,
        /^The (ZIP file is damaged or incomplete|ZIP file holds)/,
      );
    });

    test('a ZIP without export.json', async () => {
      await expectRefused(
        makeZip({ 'notes.txt': 'hello' }),
        400,
        'The ZIP file holds no export.json: it is not a Rulekeeper export',
      );
    });

    test('an export.json that is not JSON', async () => {
      await expectRefused(
        makeZip({ 'export.json': '{ "format": ' }),
        400,
        'The export file is not valid JSON',
      );
    });
  });

  test('a screenshot stored larger than an upload, as before 2026-12-07, imports within the upload’s limit', async () => {
    // Noise at quality 100: 11 to 12 MB, as a re-encode could once store.
    const [width, height] = [3600, 2400];
    const big = await sharp(randomBytes(width * height * 3), {
      raw: { width, height, channels: 3 },
    })
      .jpeg({ quality: 100 })
      .toBuffer();
    expect(big.length).toBeGreaterThan(SCREENSHOT_MAX_BYTES);
    const path = image.path.replace(/\.png$/, '.jpg');
    const doc = {
      ...document,
      sessions: document.sessions.map((session, index) =>
        index === 0 ? { ...session, screenshot: path } : session,
      ),
    };
    const response = await postImport(
      t.app,
      cookie,
      makeZip({ 'export.json': JSON.stringify(doc), [path]: big }),
    );
    expect(response.statusCode, response.body).toBe(200);
    const list = await t.app.inject({ method: 'GET', url: '/api/sessions', headers: { cookie } });
    const { sessions } = list.json<{ sessions: Session[] }>();
    const imported = sessions.find((session) => session.name === document.sessions[0]!.name);
    const stored = await t.images.get(`screenshots/${imported!.screenshotPath!}`);
    expect(stored!.length).toBeLessThanOrEqual(SCREENSHOT_MAX_BYTES);
    expect(await sharp(stored!).metadata()).toMatchObject({ format: 'jpeg', width, height });
  }, 60_000);

  describe('hostile ZIPs', () => {
    test('an entry whose name climbs out of its folder', async () => {
      await expectRefused(
        zipOf(document, { '../../etc/cron.d/evil': 'x' }),
        400,
        'The ZIP file holds a file with an unsafe name: "../../etc/cron.d/evil"',
      );
      await expectRefused(zipOf(document, { 'images/../../evil.png': 'x' }), 400, /unsafe name/);
      await expectRefused(zipOf(document, { '/etc/passwd': 'x' }), 400, /unsafe name/);
    });

    test('a ZIP bomb: an entry that unpacks past its limit is stopped while inflating', async () => {
      // 31 MB of zeros deflate to about 31 kB.
      await expectRefused(
        zipOf(document, { 'images/bomb.png': new Uint8Array(IMPORTED_SCREENSHOT_MAX_BYTES + 1) }),
        413,
        'images/bomb.png is too large once unpacked',
      );
    });
  });

  describe('documents of the wrong shape', () => {
    test('a foreign format', async () => {
      await expectRefused({ hello: 'world' }, 400, 'This is not a Rulekeeper export file');
      await expectRefused([1, 2, 3], 400, 'This is not a Rulekeeper export file');
      await expectRefused(
        makeZip({ 'export.json': JSON.stringify({ format: 'other-app', version: 1 }) }),
        400,
        'This is not a Rulekeeper export file',
      );
    });

    test('another version', async () => {
      await expectRefused(
        { ...document, version: 2 },
        400,
        'This export file is version 2; this version of Rulekeeper reads version 1',
      );
    });

    test('a version that is no number or word is named as unknown, not echoed, however deep', async () => {
      const message =
        'This export file is of an unknown version; this version of Rulekeeper reads version 1';
      // As text: the test's own JSON.stringify would overflow on it first.
      const deep = `${'['.repeat(10_000)}1${']'.repeat(10_000)}`;
      const withDeepVersion = JSON.stringify({ ...document, version: 0 }).replace(
        '"version":0',
        `"version":${deep}`,
      );
      await expectRefused(withDeepVersion, 400, message);
      await expectRefused({ ...document, version: 'x'.repeat(500) }, 400, message);
      await expectRefused({ ...document, version: { major: 2 } }, 400, message);
      await expectRefused(
        { ...document, version: '2' },
        400,
        'This export file is version "2"; this version of Rulekeeper reads version 1',
      );
    });

    test('a JSON body past the usual 1 MB is read under the import route limit', async () => {
      await expectRefused(
        { format: 'other-app', padding: 'x'.repeat(2 * 1024 * 1024) },
        400,
        'This is not a Rulekeeper export file',
      );
    });

    test('malformed JSON', async () => {
      await expectRefused('{"format": "rulekeeper-export", ', 400, /JSON/);
    });

    test('fields of the wrong shape, named by their place', async () => {
      await expectRefused(
        { ...document, rules: 'none' },
        400,
        /^The export file is not valid: rules: /,
      );
      await expectRefused(
        { ...document, sessions: [{ ...document.sessions[1], date: '2026-02-30' }] },
        400,
        'The export file is not valid: sessions.0.date: Date must be a date like 2026-03-14',
      );
      await expectRefused(
        { ...document, sessions: [{ ...document.sessions[1], extra: true }] },
        400,
        /^The export file is not valid: sessions\.0/,
      );
    });

    test('text with a control character, the same on both databases', async () => {
      await expectRefused(
        { ...document, sessions: [{ ...document.sessions[1], name: 'Bad\u0000name' }] },
        400,
        'The export file is not valid: sessions.0.name: Session name must not contain control characters',
      );
    });

    test('the same session twice, or a rule twice in one checklist', async () => {
      const plain = document.sessions[1]!;
      await expectRefused(
        { ...document, sessions: [plain, plain] },
        400,
        'The export file is not valid: sessions: sessions must have different uids',
      );
      const item = { ruleId: 5, description: 'Twice', followed: true };
      await expectRefused(
        { ...document, sessions: [{ ...plain, checklist: [item, item] }] },
        400,
        /checklist must name each rule at most once/,
      );
    });
    test('checklists naming more than 1,000 rules the file does not list', async () => {
      const plain = document.sessions[1]!;
      const items = (first: number, count: number) =>
        Array.from({ length: count }, (_, index) => ({
          ruleId: first + index,
          description: `Deleted rule ${first + index}`,
          followed: true,
        }));
      // Ten sessions of 100 rules each (a checklist's most), then one more rule.
      const sessions = [
        ...Array.from({ length: 10 }, (_, index) => ({
          ...plain,
          uid: `many-rules-${index}`,
          checklist: items(5000 + index * 100, 100),
        })),
        { ...plain, uid: 'one-more-rule', checklist: items(6000, 1) },
      ];
      await expectRefused(
        { ...document, sessions },
        400,
        'The export file is not valid: sessions: the checklists may name at most 1,000 rules that are not in the file',
      );
      // Exactly 1,000 is a file that can be made, and it imports.
      const response = await postImport(t.app, cookie, {
        ...document,
        sessions: sessions.slice(0, 10),
      });
      expect(response.statusCode, response.body).toBe(200);
    });
    test('a checklist longer than a trader can have rules', async () => {
      // No session made here has more than 100 items, and one imported with more could never
      // be edited: a change must list each of its rules, and lists 100 at most.
      const plain = document.sessions[1]!;
      const checklist = Array.from({ length: 101 }, (_, index) => ({
        ruleId: 9000 + index,
        description: `Deleted rule ${index}`,
        followed: true,
      }));
      await expectRefused(
        { ...document, sessions: [{ ...plain, checklist }] },
        400,
        'The export file is not valid: sessions.0.checklist: checklist may have at most 100 items',
      );
    });
  });

  describe('screenshots', () => {
    test('one named by two sessions', async () => {
      const [pictured, plain] = document.sessions;
      await expectRefused(
        zipOf({
          ...document,
          sessions: [pictured, { ...plain, screenshot: pictured!.screenshot }],
        }),
        400,
        'The export file is not valid: sessions: sessions must name different screenshots',
      );
    });

    test('one that is really SVG or HTML', async () => {
      for (const fake of [SVG, '<!doctype html><html><body>hi</body></html>']) {
        await expectRefused(
          makeZip({ 'export.json': JSON.stringify(document), [image.path]: fake }),
          400,
          `${image.path} must be a PNG, JPEG, WebP or GIF image`,
        );
      }
    });

    test('one that the ZIP does not hold', async () => {
      await expectRefused(
        makeZip({ 'export.json': JSON.stringify(document) }),
        400,
        `The export file names ${image.path}, which it does not hold`,
      );
    });

    test('one named by a bare JSON document', async () => {
      await expectRefused(
        document,
        400,
        'This export names screenshots: import the whole ZIP file, not its export.json alone',
      );
    });

    test('a second image that fails after the first was stored: both are removed', async () => {
      const second = {
        ...document.sessions[1]!,
        uid: 'another-session-uid',
        screenshot: 'images/fake.png',
      };
      await expectRefused(
        zipOf(
          { ...document, sessions: [...document.sessions, second] },
          { 'images/fake.png': SVG },
        ),
        400,
        'images/fake.png must be a PNG, JPEG, WebP or GIF image',
      );
    });

    test('screenshots that take longer to store than an import may: those stored are removed', async () => {
      const second = {
        ...document.sessions[1]!,
        uid: 'another-session-uid',
        screenshot: 'images/b.png',
      };
      const file = zipOf(
        { ...document, sessions: [...document.sessions, second] },
        { 'images/b.png': await createPng(12, 12) },
      );
      // The clock, as the import reads it, jumps past its half hour once the first screenshot
      // (its image and its thumbnail) is stored.
      vi.useFakeTimers({ toFake: ['Date'] });
      const put = t.images.put.bind(t.images);
      let puts = 0;
      vi.spyOn(t.images, 'put').mockImplementation(async (key, bytes) => {
        await put(key, bytes);
        puts += 1;
        if (puts === 2) vi.setSystemTime(Date.now() + 31 * 60 * 1000);
      });
      try {
        await expectRefused(
          file,
          413,
          'The export file holds more screenshots than this server can process in one import',
        );
        expect(puts).toBe(2);
      } finally {
        vi.restoreAllMocks();
        vi.useRealTimers();
      }
      // In time, the same file goes in.
      const retried = await postImport(t.app, cookie, file);
      expect(retried.statusCode, retried.body).toBe(200);
    });
  });
});
