import { expect, test } from 'vitest';
import type { Analytics } from '#shared/schemas/analytics.ts';
import {
  SESSION_SAVED_THEN_EDITED,
  type CreateSessionInput,
  type Session,
} from '#shared/schemas/sessions.ts';
import { databaseProblems } from '#testing/database-integrity.ts';
import type { DialectName } from '#server/db/dialect.ts';
import { useAppWithTrader } from '#testing/app-with-trader.ts';
import { createLoggedInUser } from '#testing/factories.ts';
import { createPng, toDataUrl } from '#testing/images.ts';
import { createRules } from '#testing/rules.ts';
import { buildSession } from '#testing/sessions.ts';
import { describeEachDialect, describePostgres } from '#testing/test-app.ts';

/**
 * A create whose answer was lost, sent again with the same `uid`: the session it made is
 * written as the repeat says, never recorded twice (docs/decisions/0080). The app and trader
 * of each test are in `current`, and the helpers act as that trader.
 */
function useTraderApp(dialect: DialectName) {
  const current = useAppWithTrader(dialect);

  const post = (overrides: Partial<CreateSessionInput>, cookie = current.cookie) =>
    current.t.app.inject({
      method: 'POST',
      url: '/api/sessions',
      headers: { cookie },
      payload: buildSession(overrides),
    });
  const get = (url: string) =>
    current.t.app.inject({ method: 'GET', url, headers: { cookie: current.cookie } });
  const storedNames = async () =>
    (
      await current.t.database.db
        .selectFrom('trading_sessions')
        .select('name')
        .orderBy('id')
        .execute()
    ).map((row) => row.name);
  const rules = (...descriptions: string[]) =>
    createRules(
      current.t.app,
      current.cookie,
      descriptions.map((description) => ({ description })),
    );
  return { current, post, get, storedNames, rules };
}

const sessionOf = (response: { json: <T>() => T }) => response.json<{ session: Session }>().session;

describeEachDialect('a session created again with its uid', (dialect) => {
  const { current, post, get, storedNames, rules } = useTraderApp(dialect);

  test('answers the session the first try made, 200 not 201, and records none more', async () => {
    const first = await post({ uid: 'lost-answer-1', name: 'Morning' });
    expect(first.statusCode).toBe(201);
    const again = await post({ uid: 'lost-answer-1', name: 'Morning' });
    expect(again.statusCode).toBe(200);
    expect(sessionOf(again).id).toBe(sessionOf(first).id);
    expect(await storedNames()).toEqual(['Morning']);

    // Another uid, or none, is another session.
    expect((await post({ uid: 'lost-answer-2', name: 'Evening' })).statusCode).toBe(201);
    expect((await post({ name: 'Night' })).statusCode).toBe(201);
    expect(await storedNames()).toEqual(['Morning', 'Evening', 'Night']);
  });

  test('writes the session as the repeat says: fields, ticks, rating, day, screenshot', async () => {
    const { t } = current;
    const twoRules = await rules('A', 'B');
    const first = await post({
      uid: 'changed-after-loss',
      name: 'Before',
      date: '2026-03-14',
      rulesFollowed: twoRules.map((rule) => ({ ruleId: rule.id, followed: false })),
      screenshotData: toDataUrl(await createPng()),
    });
    expect(first.statusCode).toBe(201);
    expect(sessionOf(first).screenshotPath).not.toBeNull();
    expect(await t.listImageFiles()).toHaveLength(2);

    const again = await post({
      uid: 'changed-after-loss',
      name: 'After',
      date: '2026-04-02',
      notes: 'Changed once the answer was lost',
      rulesFollowed: twoRules.map((rule) => ({ ruleId: rule.id, followed: true })),
    });
    expect(again.statusCode).toBe(200);
    const session = sessionOf(again);
    expect(session).toMatchObject({
      id: sessionOf(first).id,
      name: 'After',
      date: '2026-04-02T00:00:00.000Z',
      notes: 'Changed once the answer was lost',
      complianceRating: 100,
      screenshotPath: null,
    });
    expect(session.rulesFollowed.map((item) => [item.description, item.followed])).toEqual([
      ['A', true],
      ['B', true],
    ]);
    // The replaced screenshot's image and thumbnail are gone; the months are counted anew.
    expect(await t.listImageFiles()).toEqual([]);
    const analytics = await get('/api/analytics');
    expect(
      analytics
        .json<Analytics>()
        .monthlyTrends.map((month) => [month.monthKey, month.totalSessions]),
    ).toEqual([['2026-04', 1]]);
    expect(await databaseProblems(t.database)).toEqual([]);
  });

  test('takes the checklist of the rules as they are now, as any create does', async () => {
    const [a, b] = await rules('A', 'B');
    const followed = [a!, b!].map((rule) => ({ ruleId: rule.id, followed: true }));
    const first = await post({ uid: 'rules-changed', rulesFollowed: followed });
    expect(first.statusCode).toBe(201);
    // A rule added since the lost answer is in the repeat's checklist, as the dialog shows it.
    const [c] = await rules('C');
    const again = await post({
      uid: 'rules-changed',
      rulesFollowed: [...followed, { ruleId: c!.id, followed: false }],
    });
    expect(again.statusCode).toBe(200);
    const session = sessionOf(again);
    expect(session.rulesFollowed.map((item) => item.description)).toEqual(['A', 'B', 'C']);
    expect(session.complianceRating).toBe(67);
  });

  test('a repeat after the session was edited on another device is refused, and the edit stays', async () => {
    const { t } = current;
    const first = await post({ uid: 'edited-since', name: 'From the phone' });
    const id = sessionOf(first).id;
    const edited = await t.app.inject({
      method: 'PUT',
      url: `/api/sessions/${id}`,
      headers: { cookie: current.cookie },
      payload: buildSession({
        name: 'Edited on the desktop',
        notes: 'Kept',
        screenshotData: toDataUrl(await createPng()),
      }),
    });
    expect(edited.statusCode).toBe(200);
    const files = await t.listImageFiles();
    expect(files).toHaveLength(2);

    const again = await post({ uid: 'edited-since', name: 'From the phone, again' });
    expect(again.statusCode).toBe(409);
    expect(again.json<{ message: string }>().message).toBe(SESSION_SAVED_THEN_EDITED);
    expect(sessionOf(await get(`/api/sessions/${id}`))).toMatchObject({
      name: 'Edited on the desktop',
      notes: 'Kept',
    });
    expect(await t.listImageFiles()).toEqual(files);
    expect(await storedNames()).toEqual(['Edited on the desktop']);
  });

  test('a refused repeat leaves the session as it was', async () => {
    const followed = (await rules('A', 'B')).map((rule) => ({ ruleId: rule.id, followed: true }));
    const first = await post({ uid: 'refused-repeat', name: 'Kept', rulesFollowed: followed });
    expect(first.statusCode).toBe(201);

    const unknownRule = await post({
      uid: 'refused-repeat',
      name: 'Not kept',
      rulesFollowed: [...followed.slice(1), { ruleId: 999_999, followed: true }],
    });
    expect(unknownRule.statusCode).toBe(400);
    const dayAhead = await post({
      uid: 'refused-repeat',
      name: 'Not kept',
      date: '2999-01-01',
      rulesFollowed: followed,
    });
    expect(dayAhead.statusCode).toBe(400);

    const stored = await get(`/api/sessions/${sessionOf(first).id}`);
    expect(sessionOf(stored)).toEqual(sessionOf(first));
  });

  test("another trader's uid records a session of this trader's own, and leaves theirs", async () => {
    const other = await createLoggedInUser(current.t.app);
    const theirs = await post({ uid: 'shared-by-chance', name: 'Theirs' }, other.cookie);
    expect(theirs.statusCode).toBe(201);

    const mine = await post({ uid: 'shared-by-chance', name: 'Mine' });
    expect(mine.statusCode).toBe(201);
    expect(sessionOf(mine).id).not.toBe(sessionOf(theirs).id);
    expect(await storedNames()).toEqual(['Theirs', 'Mine']);
  });

  test('a uid of the wrong shape is refused at the edge', async () => {
    for (const uid of ['short', 'has space in it', 'x'.repeat(65), 12_345_678, null]) {
      const response = await post({ uid } as unknown as Partial<CreateSessionInput>);
      expect(response.statusCode, String(uid)).toBe(400);
      expect(response.json<{ message: string }>().message, String(uid)).toMatch(/uid must be/);
    }
    expect(await storedNames()).toEqual([]);
  });
});

describePostgres('a session created again with its uid, tries arriving together', () => {
  const { current, post, storedNames } = useTraderApp('postgres');

  test('20 tries of one create at once record one session, and each answers it', async () => {
    const png = toDataUrl(await createPng());
    const responses = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        post({ uid: 'twenty-presses', name: 'Pressed', ...(i % 2 ? { screenshotData: png } : {}) }),
      ),
    );
    const statuses = responses.map((response) => response.statusCode);
    expect(statuses.filter((status) => status === 201)).toHaveLength(1);
    expect(statuses.filter((status) => status !== 201 && status !== 200)).toEqual([]);
    expect(new Set(responses.map((response) => sessionOf(response).id)).size).toBe(1);
    expect(await storedNames()).toEqual(['Pressed']);
    // The screenshot each later try replaced is gone: only the last one's files are left.
    const [row] = await current.t.database.db
      .selectFrom('trading_sessions')
      .select('screenshot_ref')
      .execute();
    expect(await current.t.listImageFiles()).toHaveLength(row?.screenshot_ref ? 2 : 0);
    expect(await databaseProblems(current.t.database)).toEqual([]);
  });
});
