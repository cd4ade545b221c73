import { Readable } from 'node:stream';
import { afterEach, beforeEach, expect, test } from 'vitest';
import type { ImportResult } from '#shared/schemas/export.ts';
import type { App } from '#server/app.ts';
import { everything, exportZip, importFile, postImport } from '#testing/data-transfer.ts';
import { createLoggedInUser } from '#testing/factories.ts';
import { createPng, toDataUrl } from '#testing/images.ts';
import { createRules } from '#testing/rules.ts';
import { createSession } from '#testing/sessions.ts';
import { createTestApp, describeEachDialect, type TestApp } from '#testing/test-app.ts';

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

describeEachDialect('imports under concurrent requests', (dialect) => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp(dialect);
  });
  afterEach(() => t.close());

  /**
   * The same file imported at once through four instances (a company's balancer; within one
   * instance a trader imports one file at a time, below). The trader's lock makes the imports
   * one after the other, so the first adds everything and the others find it there: no
   * duplicate, no 500, no stray file.
   */
  test('four imports of one file at once: each rule and session once', async () => {
    const source = await createLoggedInUser(t.app);
    const rules = await createRules(t.app, source.cookie, [
      { description: 'A' },
      { description: 'B' },
    ]);
    const png = toDataUrl(await createPng());
    for (let i = 0; i < 6; i++) {
      await createSession(t.app, source.cookie, {
        name: `S${i}`,
        date: `2026-0${1 + (i % 3)}-1${i}`,
        screenshotData: i % 2 === 0 ? png : null,
        rulesFollowed: rules.map((rule, index) => ({ ruleId: rule.id, followed: index === i % 2 })),
      });
    }
    const zip = await exportZip(t.app, source.cookie);
    const { cookie, user } = await createLoggedInUser(t.app);
    const others = await Promise.all(
      [1, 2, 3].map(() => createTestApp(dialect, { instanceOf: t })),
    );
    try {
      const responses = await Promise.all(
        [t, ...others].map((instance) => postImport(instance.app, cookie, zip)),
      );
      for (const response of responses) expect(response.statusCode, response.body).toBe(200);
      const results = responses.map((response) => response.json<ImportResult>());
      expect(results.reduce((sum, result) => sum + result.sessionsAdded, 0)).toBe(6);
      expect(results.reduce((sum, result) => sum + result.rulesAdded, 0)).toBe(2);
    } finally {
      await Promise.all(others.map((instance) => instance.close()));
    }

    const { rules: allRules, sessions, files } = await everything(t);
    expect(allRules.filter((rule) => rule.user_id === user.id)).toHaveLength(2);
    expect(sessions.filter((session) => session.user_id === user.id)).toHaveLength(6);
    // Three screenshots per trader, each an image and a thumbnail: the copies made by the
    // imports that found the sessions there already were removed.
    expect(files).toHaveLength(2 * 3 * 2);
  });

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
});
