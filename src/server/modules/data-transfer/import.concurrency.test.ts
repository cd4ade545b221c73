import { afterEach, beforeEach, expect, test } from 'vitest';
import type { ImportResult } from '#shared/schemas/export.ts';
import { everything, exportZip, postImport } from '#testing/data-transfer.ts';
import { createLoggedInUser } from '#testing/factories.ts';
import { createPng, toDataUrl } from '#testing/images.ts';
import { createRules } from '#testing/rules.ts';
import { createSession } from '#testing/sessions.ts';
import { createTestApp, describeEachDialect, type TestApp } from '#testing/test-app.ts';

/**
 * The same file imported several times at once (a double click, two tabs). PostgreSQL runs
 * them on several connections; the trader's lock makes them one after the other, so the
 * first adds everything and the others find it there: no duplicate, no 500, no stray file.
 */
describeEachDialect('imports under concurrent requests', (dialect) => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp(dialect);
  });
  afterEach(() => t.close());

  test('four parallel imports of one file: each rule and session once', async () => {
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

    const responses = await Promise.all(
      Array.from({ length: 4 }, () => postImport(t.app, cookie, zip)),
    );
    for (const response of responses) expect(response.statusCode, response.body).toBe(200);
    const results = responses.map((response) => response.json<ImportResult>());
    expect(results.reduce((sum, result) => sum + result.sessionsAdded, 0)).toBe(6);
    expect(results.reduce((sum, result) => sum + result.rulesAdded, 0)).toBe(2);

    const { rules: allRules, sessions, files } = await everything(t);
    expect(allRules.filter((rule) => rule.user_id === user.id)).toHaveLength(2);
    expect(sessions.filter((session) => session.user_id === user.id)).toHaveLength(6);
    // Three screenshots per trader, each an image and a thumbnail: the copies made by the
    // imports that found the sessions there already were removed.
    expect(files).toHaveLength(2 * 3 * 2);
  });
});
