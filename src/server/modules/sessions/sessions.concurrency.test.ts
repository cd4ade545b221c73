import { afterEach, beforeEach, expect, test } from 'vitest';
import type { Session } from '#shared/schemas/sessions.ts';
import { databaseProblems } from '#testing/database-integrity.ts';
import { createLoggedInUser } from '#testing/factories.ts';
import { createPng, toDataUrl } from '#testing/images.ts';
import { createRules } from '#testing/rules.ts';
import { buildSession, createSession } from '#testing/sessions.ts';
import { untilALockIsAwaited } from '#testing/lock-waits.ts';
import {
  createTestApp,
  describeEachDialect,
  describePostgres,
  type TestApp,
} from '#testing/test-app.ts';
import { withTraderLock } from '../../db/trader-lock.ts';
import { createRulesRepository } from '../rules/rules.repository.ts';

/**
 * Requests of one trader arriving together. PostgreSQL runs them on several connections at
 * once, which is where races show; each must be answered with a 2xx or a 4xx, never a 500 or
 * a deadlock, and what is stored must still hold together.
 */
describeEachDialect('sessions under concurrent requests', (dialect) => {
  let t: TestApp;
  let cookie: string;
  beforeEach(async () => {
    t = await createTestApp(dialect);
    ({ cookie } = await createLoggedInUser(t.app));
  });
  afterEach(() => t.close());

  test('50 parallel bulk deletes and edits of the same sessions: no 500, nothing orphaned', async () => {
    const rules = await createRules(t.app, cookie, [{ description: 'A' }, { description: 'B' }]);
    const png = toDataUrl(await createPng());
    const sessions: Session[] = [];
    for (let i = 0; i < 10; i++) {
      sessions.push(
        await createSession(t.app, cookie, {
          name: `S${i}`,
          screenshotData: png,
          rulesFollowed: rules.map((rule) => ({ ruleId: rule.id, followed: false })),
        }),
      );
    }
    const ids = sessions.map((session) => session.id);

    const requests = Array.from({ length: 50 }, (_, i) => {
      const session = sessions[i % sessions.length]!;
      if (i % 2 === 0) {
        return t.app.inject({
          method: 'POST',
          url: '/api/sessions/bulk-delete',
          headers: { cookie },
          payload: { ids: [ids[i % 10]!, ids[(i + 3) % 10]!] },
        });
      }
      return t.app.inject({
        method: 'PUT',
        url: `/api/sessions/${session.id}`,
        headers: { cookie },
        payload: buildSession({
          name: `Edited ${i}`,
          rulesFollowed: rules.map((rule) => ({ ruleId: rule.id, followed: true })),
          // Half the edits replace the screenshot, so files are written while rows go.
          ...(i % 4 === 1 ? { screenshotData: png } : {}),
        }),
      });
    });
    const statuses = (await Promise.all(requests)).map((response) => response.statusCode);
    expect(statuses.filter((status) => status !== 200 && status !== 404)).toEqual([]);

    // Whatever survived is whole: its rating matches its checklist, its files exist.
    const remaining = await t.database.db
      .selectFrom('trading_sessions')
      .select(['id', 'compliance_rating', 'followed_count', 'total_count', 'screenshot_ref'])
      .execute();
    for (const row of remaining) {
      expect(row.total_count).toBe(2);
      expect(row.compliance_rating).toBe(row.followed_count === 2 ? 100 : 0);
    }
    // The summaries each write recounted (per month, per rule and month, per rule) agree
    // with what survived.
    expect(await databaseProblems(t.database)).toEqual([]);
    const refs = remaining.flatMap((row) => (row.screenshot_ref ? [row.screenshot_ref] : []));
    expect(await t.listImageFiles()).toEqual(
      [
        ...refs.map((ref) => `screenshots/${ref}`),
        ...refs.map((ref) => `thumbnails/${ref}.webp`),
      ].sort(),
    );
  });

  test('recording sessions while rules are deleted and added: a 201 or a 400, never a 500', async () => {
    const rules = await createRules(
      t.app,
      cookie,
      Array.from({ length: 25 }, (_, i) => ({ description: `Rule ${i}` })),
    );
    // Each session lists every rule, as the dialog read them before the changes began: once
    // one rule is deleted or added, the list is refused.
    const checklist = rules.map((rule) => ({ ruleId: rule.id, followed: true }));
    const requests = rules.flatMap((rule, i) => [
      t.app.inject({
        method: 'POST',
        url: '/api/sessions',
        headers: { cookie },
        payload: buildSession({ rulesFollowed: checklist }),
      }),
      i % 2 === 0
        ? t.app.inject({ method: 'DELETE', url: `/api/rules/${rule.id}`, headers: { cookie } })
        : t.app.inject({
            method: 'POST',
            url: '/api/rules',
            headers: { cookie },
            payload: { description: `Added ${i}` },
          }),
    ]);
    const responses = await Promise.all(requests);
    const creates = responses.filter((_, i) => i % 2 === 0).map((r) => r.statusCode);
    expect(creates.filter((status) => status !== 201 && status !== 400)).toEqual([]);
    const changes = responses.filter((_, i) => i % 2 === 1).map((r) => r.statusCode);
    expect(changes.filter((status) => status !== 200 && status !== 201)).toEqual([]);
    // A stored session lists the rules it was sent with, each with the description it had.
    const items = await t.database.db
      .selectFrom('session_rule_results')
      .select(['rule_id', 'rule_description'])
      .execute();
    expect(items).toHaveLength(rules.length * creates.filter((status) => status === 201).length);
    for (const item of items) {
      expect(item.rule_description).toBe(
        rules.find((rule) => rule.id === item.rule_id)?.description,
      );
    }
  });
  test("a session's details read while it is edited are one version: its fields and checklist agree", async () => {
    const rules = await createRules(t.app, cookie, [{ description: 'A' }, { description: 'B' }]);
    const version = (followed: boolean) =>
      buildSession({
        name: followed ? 'All followed' : 'None followed',
        rulesFollowed: rules.map((rule) => ({ ruleId: rule.id, followed })),
      });
    const session = await createSession(t.app, cookie, version(false));

    const requests: Promise<unknown>[] = [];
    const answers: Session[] = [];
    for (let i = 0; i < 60; i++) {
      requests.push(
        t.app.inject({
          method: 'PUT',
          url: `/api/sessions/${session.id}`,
          headers: { cookie },
          payload: version(i % 2 === 0),
        }),
        t.app
          .inject({ method: 'GET', url: `/api/sessions/${session.id}`, headers: { cookie } })
          .then((response) => {
            expect(response.statusCode).toBe(200);
            answers.push(response.json<{ session: Session }>().session);
          }),
      );
    }
    await Promise.all(requests);
    const mixed = answers.filter(
      (answer) =>
        answer.rulesFollowed.some((item) => item.followed) !== (answer.name === 'All followed') ||
        answer.followedCount !== answer.rulesFollowed.filter((item) => item.followed).length,
    );
    expect(mixed).toEqual([]);
  });
});

/**
 * The moment a race leaves to chance, held still: a rule added on another device commits while
 * a session listing the rules as they were is being recorded.
 */
describePostgres('a session recorded while a rule is being added', () => {
  let t: TestApp;
  let trader: Awaited<ReturnType<typeof createLoggedInUser>>;
  beforeEach(async () => {
    t = await createTestApp('postgres');
    trader = await createLoggedInUser(t.app);
  });
  afterEach(() => t.close());

  test('waits for the rule and is refused: it would have been rated without it', async () => {
    const [kept] = await createRules(t.app, trader.cookie, [{ description: 'Kept' }]);
    let commit = () => {};
    const committed = new Promise<void>((resolve) => (commit = resolve));
    let added = () => {};
    const isAdded = new Promise<void>((resolve) => (added = resolve));
    const addition = withTraderLock(t.database, trader.user.id, async (tx) => {
      await createRulesRepository(tx).createRule(trader.user.id, {
        description: 'Added elsewhere',
        notes: undefined,
      });
      added();
      await committed;
    });
    await isAdded;

    let isAnswered = false;
    const recording = t.app
      .inject({
        method: 'POST',
        url: '/api/sessions',
        headers: { cookie: trader.cookie },
        payload: buildSession({ rulesFollowed: [{ ruleId: kept!.id, followed: true }] }),
      })
      .finally(() => (isAnswered = true));
    await untilALockIsAwaited(t.database, () => isAnswered);
    commit();
    await addition;
    const response = await recording;
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().message).toBe('The checklist must list each of your trading rules');
    expect(await t.database.db.selectFrom('trading_sessions').select('id').execute()).toEqual([]);
  });
});
