import { afterEach, beforeEach, expect, test } from 'vitest';
import {
  MAX_RULES_PER_USER,
  RULE_DESCRIPTION_MAX_LENGTH,
  RULE_NOTES_MAX_LENGTH,
} from '#shared/constants.ts';
import type { Rule } from '#shared/schemas/rules.ts';
import { exportZip, importFile } from '#testing/data-transfer.ts';
import { createLoggedInUser } from '#testing/factories.ts';
import { createRules } from '#testing/rules.ts';
import { createTestApp, describeEachDialect, type TestApp } from '#testing/test-app.ts';
import { copyVersion } from '#testing/versions.ts';
import { KEPT_RULES, sizeOfRules } from './kept-rules.ts';

describeEachDialect('lists of rules kept between requests', (dialect) => {
  let t: TestApp;
  let cookie: string;
  let ownerId: number;
  beforeEach(async () => {
    t = await createTestApp(dialect);
    const owner = await createLoggedInUser(t.app);
    ({ cookie } = owner);
    ownerId = owner.user.id;
  });
  afterEach(() => t.close());

  const list = async (as = cookie) => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/rules',
      headers: { cookie: as },
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{ rules: Rule[] }>().rules.map((rule) => rule.description);
  };
  /** Changed behind the server's back: no write of the app changes the version. */
  const renameInDatabase = (description: string) =>
    t.database.db.updateTable('trading_rules').set({ description }).execute();
  const send = async (method: 'PUT' | 'DELETE', url: string, payload?: object) => {
    const response = await t.app.inject({ method, url, headers: { cookie }, payload });
    expect(response.statusCode, response.body).toBe(200);
  };

  test('a list is given again until a write of the trader’s rules, of any kind', async () => {
    const [first] = await createRules(t.app, cookie, [{ description: 'First' }]);
    expect(await list()).toEqual(['First']);
    await renameInDatabase('Renamed');
    // Still the kept list: the keeping is real…
    expect(await list()).toEqual(['First']);
    // …until the trader writes a rule.
    const [second] = await createRules(t.app, cookie, [{ description: 'Second' }]);
    expect(await list()).toEqual(['Renamed', 'Second']);

    await send('PUT', `/api/rules/${first!.id}`, { description: 'Edited' });
    expect(await list()).toEqual(['Edited', 'Second']);

    await send('PUT', '/api/rules/reorder', { ruleIds: [second!.id, first!.id] });
    expect(await list()).toEqual(['Second', 'Edited']);

    await send('DELETE', `/api/rules/${second!.id}`);
    expect(await list()).toEqual(['Edited']);

    // Another trader's rules, taken in by an import.
    const other = await createLoggedInUser(t.app);
    await createRules(t.app, other.cookie, [{ description: 'Theirs' }]);
    await importFile(t.app, cookie, await exportZip(t.app, other.cookie));
    expect(await list()).toEqual(['Edited', 'Theirs']);
  });

  test('a list kept for its trader is never given to another', async () => {
    await createRules(t.app, cookie, [{ description: 'Mine' }]);
    expect(await list()).toEqual(['Mine']);
    const other = await createLoggedInUser(t.app);
    // Even with the same rules version: lists are kept per trader.
    await copyVersion(t.database, 'rules_version', ownerId, other.user.id);
    expect(await list(other.cookie)).toEqual([]);
    expect(await list()).toEqual(['Mine']);
  });

  test('rules written in parallel with reads: the list asked for after the last write has them all', async () => {
    // On PostgreSQL the reads run on other connections while the writes commit.
    const writes = Array.from({ length: 8 }, (_, i) =>
      createRules(t.app, cookie, [{ description: `Rule ${i}` }]),
    );
    const reads = Array.from({ length: 16 }, () => list());
    await Promise.all([...writes, ...reads]);
    for (let ask = 0; ask < 2; ask++) expect(await list()).toHaveLength(8);
  });
});

test('lists are counted by their texts and rules, and the longest a trader can make fits', () => {
  const rule = (description: string, notes: string | null): Rule => ({
    id: 1,
    description,
    notes,
    displayOrder: 0,
  });
  expect(sizeOfRules([])).toBe(100);
  expect(sizeOfRules([rule('Wait', null), rule('Stop', 'at -1R')])).toBe(100 + 104 + 110);
  const longest = Array.from({ length: MAX_RULES_PER_USER }, () =>
    rule('d'.repeat(RULE_DESCRIPTION_MAX_LENGTH), 'n'.repeat(RULE_NOTES_MAX_LENGTH)),
  );
  expect(sizeOfRules(longest)).toBe(260_100);
  expect(sizeOfRules(longest)).toBeLessThanOrEqual(KEPT_RULES.maxEntrySize);
});
