import { strFromU8, unzipSync } from 'fflate';
import { afterEach, beforeEach, expect, test } from 'vitest';
import type { Analytics } from '#shared/schemas/analytics.ts';
import type { ExportFileInput } from '#shared/schemas/export.ts';
import { exportZip, importFile, makeZip } from '#testing/data-transfer.ts';
import { createLoggedInUser } from '#testing/factories.ts';
import { createRules } from '#testing/rules.ts';
import { createSession } from '#testing/sessions.ts';
import { createTestApp, describeEachDialect, type TestApp } from '#testing/test-app.ts';

type Trader = Awaited<ReturnType<typeof createLoggedInUser>>;

/**
 * A rule deleted before an export is only history in the file: its checklist items name it by
 * the exporting account's id. Each import must file that history under the id the account
 * already gave the rule, or the per-rule figures show it twice.
 */
describeEachDialect('an import of the history of a deleted rule', (dialect) => {
  let t: TestApp;
  let trader: Trader;
  beforeEach(async () => {
    t = await createTestApp(dialect);
    await createLoggedInUser(t.app); // the administrator
    trader = await createLoggedInUser(t.app);
  });
  afterEach(() => t.close());

  const send = async (method: 'DELETE' | 'PUT', url: string, cookie: string, payload?: object) => {
    const response = await t.app.inject({ method, url, headers: { cookie }, payload });
    expect(response.statusCode, response.body).toBe(200);
  };
  /** The ids under which the account's checklist items hold each description. */
  const idsByDescription = async (userId: number) => {
    const rows = await t.database.db
      .selectFrom('session_rule_results')
      .select(['rule_description', 'rule_id'])
      .distinct()
      .where('user_id', '=', userId)
      .execute();
    const ids: Record<string, number[]> = {};
    for (const row of rows) (ids[row.rule_description] ??= []).push(row.rule_id);
    return ids;
  };
  /** The per-rule figures: description → sessions that held it. */
  const ruleFigures = async (cookie: string) => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/analytics',
      headers: { cookie },
    });
    return response
      .json<Analytics>()
      .ruleCompliance.map(({ description, totalCount }) => `${description}: ${totalCount}`)
      .sort();
  };

  /**
   * Two sessions with a rule that is then deleted, a backup, and one of the sessions deleted
   * after it: importing the backup brings it back.
   */
  const backupThenLoseOne = async () => {
    const [stop, gone] = await createRules(t.app, trader.cookie, [
      { description: 'Follow stop loss' },
      { description: 'Trade the plan' },
    ]);
    const both = [
      { ruleId: stop!.id, followed: true },
      { ruleId: gone!.id, followed: false },
    ];
    await createSession(t.app, trader.cookie, { name: 'Kept', rulesFollowed: both });
    const lost = await createSession(t.app, trader.cookie, { name: 'Lost', rulesFollowed: both });
    await send('DELETE', `/api/rules/${gone!.id}`, trader.cookie);
    const backup = await exportZip(t.app, trader.cookie);
    await send('DELETE', `/api/sessions/${lost.id}`, trader.cookie);
    return { stop: stop!, gone: gone!, backup };
  };

  test("an account's own export, imported back after a session was deleted: one rule, as before", async () => {
    const { stop, gone, backup } = await backupThenLoseOne();

    expect(await importFile(t.app, trader.cookie, backup)).toMatchObject({
      sessionsAdded: 1,
      sessionsSkipped: 1,
    });
    expect(await idsByDescription(trader.user.id)).toEqual({
      'Follow stop loss': [stop.id],
      'Trade the plan': [gone.id],
    });
    expect(await ruleFigures(trader.cookie)).toEqual(['Follow stop loss: 2', 'Trade the plan: 2']);
  });

  test('a file that puts another text at that place of a checklist is not believed: a fresh id', async () => {
    const { gone, backup } = await backupThenLoseOne();
    const files = unzipSync(backup);
    const document = JSON.parse(strFromU8(files['export.json']!)) as ExportFileInput;
    const kept = document.sessions.find((session) => session.name === 'Kept')!;
    kept.checklist[1]!.description = 'Something else';
    const edited = makeZip({ 'export.json': JSON.stringify(document) });

    expect(await importFile(t.app, trader.cookie, edited)).toMatchObject({ sessionsAdded: 1 });
    const ids = (await idsByDescription(trader.user.id))['Trade the plan']!;
    expect(ids).toHaveLength(2);
    expect(ids).toContain(gone.id);
  });

  test('two exports of one account, imported one after the other: the rule keeps the id the first gave it', async () => {
    const [stop, plan] = await createRules(t.app, trader.cookie, [
      { description: 'Follow stop loss' },
      { description: 'Trade the plan' },
    ]);
    const both = [
      { ruleId: stop!.id, followed: true },
      { ruleId: plan!.id, followed: true },
    ];
    await createSession(t.app, trader.cookie, { name: 'First', rulesFollowed: both });
    const first = await exportZip(t.app, trader.cookie);
    await createSession(t.app, trader.cookie, { name: 'Second', rulesFollowed: both });
    await send('DELETE', `/api/rules/${plan!.id}`, trader.cookie);
    const second = await exportZip(t.app, trader.cookie);

    const desk = await createLoggedInUser(t.app);
    expect(await importFile(t.app, desk.cookie, first)).toMatchObject({ rulesAdded: 2 });
    expect(await importFile(t.app, desk.cookie, second)).toMatchObject({
      rulesAdded: 0,
      rulesMatched: 1,
      sessionsAdded: 1,
      sessionsSkipped: 1,
    });
    const ids = await idsByDescription(desk.user.id);
    expect(ids['Trade the plan']).toHaveLength(1);
    // The id the first import gave it: a rule the desk still has.
    const rules = await t.app.inject({
      method: 'GET',
      url: '/api/rules',
      headers: { cookie: desk.cookie },
    });
    const deskPlan = rules
      .json<{ rules: { id: number; description: string }[] }>()
      .rules.find((rule) => rule.description === 'Trade the plan');
    expect(ids['Trade the plan']).toEqual([deskPlan!.id]);
    expect(await ruleFigures(desk.cookie)).toEqual(['Follow stop loss: 2', 'Trade the plan: 2']);
  });

  test('an id that another rule of the file has already is not given twice: a fresh one instead', async () => {
    const [stop, plan] = await createRules(t.app, trader.cookie, [
      { description: 'Follow stop loss' },
      { description: 'Trade the plan' },
    ]);
    await createSession(t.app, trader.cookie, {
      name: 'First',
      rulesFollowed: [
        { ruleId: stop!.id, followed: true },
        { ruleId: plan!.id, followed: true },
      ],
    });
    const first = await exportZip(t.app, trader.cookie);
    // A second rule of the same text, then the first one goes: the next export lists only the
    // new one, which the desk's 'Trade the plan' matches, while the old one's history names the
    // same rule of the desk.
    const [again] = await createRules(t.app, trader.cookie, [{ description: 'Trade the plan' }]);
    await createSession(t.app, trader.cookie, {
      name: 'Second',
      rulesFollowed: [
        { ruleId: stop!.id, followed: true },
        { ruleId: plan!.id, followed: false },
        { ruleId: again!.id, followed: true },
      ],
    });
    await send('DELETE', `/api/rules/${plan!.id}`, trader.cookie);
    const second = await exportZip(t.app, trader.cookie);

    const desk = await createLoggedInUser(t.app);
    await importFile(t.app, desk.cookie, first);
    expect(await importFile(t.app, desk.cookie, second)).toMatchObject({
      rulesMatched: 2,
      sessionsAdded: 1,
    });
    const items = await t.database.db
      .selectFrom('session_rule_results as r')
      .innerJoin('trading_sessions as s', 's.id', 'r.session_id')
      .select(['r.rule_id', 'r.followed'])
      .where('s.user_id', '=', desk.user.id)
      .where('s.name', '=', 'Second')
      .orderBy('r.position')
      .execute();
    expect(items).toHaveLength(3);
    expect(new Set(items.map((item) => item.rule_id)).size).toBe(3);
  });
});
