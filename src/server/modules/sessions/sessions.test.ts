import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import type { Session, SessionsPage } from '#shared/schemas/sessions.ts';
import { createLoggedInUser } from '#testing/factories.ts';
import { createRules } from '#testing/rules.ts';
import { buildSession, createSession } from '#testing/sessions.ts';
import { createTestApp, describeEachDialect, type TestApp } from '#testing/test-app.ts';

describeEachDialect('trading sessions', (dialect) => {
  let t: TestApp;
  let cookie: string;
  beforeEach(async () => {
    t = await createTestApp(dialect);
    ({ cookie } = await createLoggedInUser(t.app));
  });
  afterEach(() => t.close());

  const post = (payload: object, as = cookie) =>
    t.app.inject({ method: 'POST', url: '/api/sessions', headers: { cookie: as }, payload });
  const get = (url: string, as = cookie) =>
    t.app.inject({ method: 'GET', url, headers: { cookie: as } });
  const put = (id: number, payload: object, as = cookie) =>
    t.app.inject({ method: 'PUT', url: `/api/sessions/${id}`, headers: { cookie: as }, payload });
  const countSessions = async () =>
    (await t.database.db.selectFrom('trading_sessions').select('id').execute()).length;
  const RULES = ['Follow stop loss', 'No revenge trades', 'Max three trades'];
  const threeRules = (count = 3) =>
    createRules(
      t.app,
      cookie,
      RULES.slice(0, count).map((description) => ({ description })),
    );

  describe('recording', () => {
    test('the server computes the rating from the checklist, whatever the client sends', async () => {
      const [a, b, c] = await threeRules();
      const response = await post(
        buildSession({
          complianceRating: 100,
          rulesFollowed: [
            { ruleId: a!.id, followed: true },
            { ruleId: b!.id, followed: true },
            { ruleId: c!.id, followed: false },
          ],
        }),
      );
      expect(response.statusCode).toBe(201);
      const { session } = response.json<{ session: Session }>();
      expect(session).toMatchObject({
        name: 'Morning Session',
        date: '2026-03-14T00:00:00.000Z',
        sessionTypeId: 3,
        complianceRating: 67,
        followedCount: 2,
        totalCount: 3,
        screenshotPath: null,
        notes: null,
      });
      expect(session.rulesFollowed).toEqual([
        { ruleId: a!.id, description: 'Follow stop loss', followed: true },
        { ruleId: b!.id, description: 'No revenge trades', followed: true },
        { ruleId: c!.id, description: 'Max three trades', followed: false },
      ]);
    });

    test.each([
      [0, 0, 0],
      [1, 8, 13], // 12.5 rounds half up
      [1, 3, 33],
      [2, 3, 67],
      [3, 3, 100],
    ])('%i of %i followed rates %i', async (followed, total, rating) => {
      const rules = await createRules(
        t.app,
        cookie,
        Array.from({ length: total }, (_, i) => ({ description: `Rule ${i}` })),
      );
      const session = await createSession(t.app, cookie, {
        complianceRating: 5,
        rulesFollowed: rules.map((rule, i) => ({ ruleId: rule.id, followed: i < followed })),
      });
      expect(session.complianceRating).toBe(rating);
    });

    test('notes are trimmed, and blank notes are stored as none', async () => {
      const trimmed = await createSession(t.app, cookie, { notes: '  Calm day.\nNo FOMO.  ' });
      expect(trimmed.notes).toBe('Calm day.\nNo FOMO.');
      const blank = await createSession(t.app, cookie, { notes: '   ' });
      expect(blank.notes).toBeNull();
    });

    test('a date may come as the day or as its midnight UTC', async () => {
      const session = await createSession(t.app, cookie, { date: '2025-12-31T00:00:00.000Z' });
      expect(session.date).toBe('2025-12-31T00:00:00.000Z');
    });

    test.each([
      [{ name: '   ' }, 'name', 'Session name is required'],
      [{ name: undefined }, 'name', 'Session name is required'],
      [{ date: undefined }, 'date', 'Date is required'],
      [{ date: '' }, 'date', 'Date is required'],
      [{ date: '2026-02-30' }, 'date', 'Date must be a date like 2026-03-14'],
      [{ date: '2026-03-14T10:00:00.000Z' }, 'date', 'Date must be a date like 2026-03-14'],
      [{ sessionTypeId: undefined }, 'sessionTypeId', 'Session type is required'],
      [{ sessionTypeId: null }, 'sessionTypeId', 'Session type is required'],
      [{ sessionTypeId: 999 }, 'sessionTypeId', 'Session type does not exist'],
      [{ sessionTypeId: 0 }, 'sessionTypeId', 'Session type must be a positive whole number'],
    ])('%o answers 400 on %s, and nothing is stored', async (overrides, path, message) => {
      const response = await post({ ...buildSession(), ...overrides });
      expect(response.statusCode).toBe(400);
      expect(response.json().issues).toContainEqual({ path, message });
      expect(await countSessions()).toBe(0);
    });

    test('a rule of another trader, an unknown rule or a repeated rule answers 400', async () => {
      const [a, b, c] = await threeRules();
      const other = await createLoggedInUser(t.app);
      const [theirs] = await createRules(t.app, other.cookie, [{ description: 'Theirs' }]);
      const item = (ruleId: number) => ({ ruleId, followed: true });
      const notMine = 'Each rule must be one of your trading rules';
      const repeated = 'rulesFollowed must list each rule at most once';
      // Each beside every rule of the trader's, so that only the rule named is refused.
      for (const [rulesFollowed, message] of [
        [[a, b, c].map((rule) => item(rule!.id)).concat(item(theirs!.id)), notMine],
        [[a, b, c].map((rule) => item(rule!.id)).concat(item(987654)), notMine],
        [[a, b, c, a].map((rule) => item(rule!.id)), repeated],
      ] as const) {
        const response = await post(buildSession({ rulesFollowed: [...rulesFollowed] }));
        expect(response.statusCode, JSON.stringify(rulesFollowed)).toBe(400);
        expect(response.json().issues).toEqual([{ path: 'rulesFollowed', message }]);
      }
      expect(await countSessions()).toBe(0);
    });

    test('a checklist must list every current rule: one left out answers 400, nothing stored', async () => {
      const [a, b, c] = await threeRules();
      const all = [
        { ruleId: a!.id, followed: true },
        { ruleId: b!.id, followed: false },
        { ruleId: c!.id, followed: true },
      ];
      for (const rulesFollowed of [[], all.slice(0, 2), all.slice(1)]) {
        const response = await post(buildSession({ rulesFollowed }));
        expect(response.statusCode, JSON.stringify(rulesFollowed)).toBe(400);
        expect(response.json()).toEqual({
          message: 'The checklist must list each of your trading rules',
          issues: [
            {
              path: 'rulesFollowed',
              message: 'The checklist must list each of your trading rules',
            },
          ],
        });
      }
      expect(await countSessions()).toBe(0);
      // In any order: the session keeps the order it was sent in.
      const session = await createSession(t.app, cookie, { rulesFollowed: all.toReversed() });
      expect(session).toMatchObject({ followedCount: 2, totalCount: 3, complianceRating: 67 });
      expect(session.rulesFollowed.map((item) => item.description)).toEqual(RULES.toReversed());
    });

    test('a rule edited or deleted afterwards leaves the session as it was saved', async () => {
      const [a, b] = await threeRules(2);
      const session = await createSession(t.app, cookie, {
        rulesFollowed: [
          { ruleId: a!.id, followed: true },
          { ruleId: b!.id, followed: false },
        ],
      });
      await t.app.inject({
        method: 'PUT',
        url: `/api/rules/${a!.id}`,
        headers: { cookie },
        payload: { description: 'Rewritten rule' },
      });
      await t.app.inject({ method: 'DELETE', url: `/api/rules/${b!.id}`, headers: { cookie } });
      const { session: read } = (await get(`/api/sessions/${session.id}`)).json<{
        session: Session;
      }>();
      expect(read.rulesFollowed).toEqual([
        { ruleId: a!.id, description: 'Follow stop loss', followed: true },
        { ruleId: b!.id, description: 'No revenge trades', followed: false },
      ]);
      expect(read.complianceRating).toBe(50);
    });

    test('every session route needs a login', async () => {
      for (const [method, url] of [
        ['GET', '/api/sessions'],
        ['GET', '/api/sessions/1'],
        ['POST', '/api/sessions'],
        ['PUT', '/api/sessions/1'],
        ['DELETE', '/api/sessions/1'],
        ['POST', '/api/sessions/bulk-delete'],
        ['GET', '/api/screenshots/AAAAAAAAAAAAAAAAAAAAAA.png'],
      ] as const) {
        const response = await t.app.inject({
          method,
          url,
          payload: method === 'GET' ? undefined : {},
        });
        expect(response.statusCode, `${method} ${url}`).toBe(401);
      }
    });
  });

  describe("another trader's session", () => {
    test('answers 404 for read, edit and delete, and stays as it was', async () => {
      const other = await createLoggedInUser(t.app);
      const theirs = await createSession(t.app, other.cookie, { name: 'Theirs' });
      expect((await get(`/api/sessions/${theirs.id}`)).statusCode).toBe(404);
      expect((await put(theirs.id, buildSession({ name: 'Mine now' }))).statusCode).toBe(404);
      const deleted = await t.app.inject({
        method: 'DELETE',
        url: `/api/sessions/${theirs.id}`,
        headers: { cookie },
      });
      expect(deleted.statusCode).toBe(404);
      expect(deleted.json()).toEqual({ message: 'Trading session not found' });
      const bulk = await t.app.inject({
        method: 'POST',
        url: '/api/sessions/bulk-delete',
        headers: { cookie },
        payload: { ids: [theirs.id] },
      });
      expect(bulk.json()).toEqual({ deleted: 0 });
      const { session } = (await get(`/api/sessions/${theirs.id}`, other.cookie)).json<{
        session: Session;
      }>();
      expect(session.name).toBe('Theirs');
    });

    test('a missing session answers 404 too', async () => {
      const response = await get('/api/sessions/2147483647');
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ message: 'Trading session not found' });
    });
  });

  describe('editing', () => {
    test('changes the fields and followed flags; the rating follows and the texts stay', async () => {
      const [a, b, c] = await threeRules();
      const session = await createSession(t.app, cookie, {
        rulesFollowed: [
          { ruleId: a!.id, followed: true },
          { ruleId: b!.id, followed: true },
          { ruleId: c!.id, followed: false },
        ],
      });
      await t.app.inject({
        method: 'PUT',
        url: `/api/rules/${c!.id}`,
        headers: { cookie },
        payload: { description: 'Renamed since' },
      });
      const response = await put(session.id, {
        name: 'Afternoon',
        date: '2026-03-15',
        sessionTypeId: 1,
        notes: 'Edited',
        complianceRating: 0,
        rulesFollowed: [
          { ruleId: c!.id, followed: true },
          { ruleId: a!.id, followed: true },
          { ruleId: b!.id, followed: true },
        ],
      });
      expect(response.statusCode).toBe(200);
      const { session: edited } = response.json<{ session: Session }>();
      expect(edited).toMatchObject({
        id: session.id,
        name: 'Afternoon',
        date: '2026-03-15T00:00:00.000Z',
        sessionTypeId: 1,
        notes: 'Edited',
        complianceRating: 100,
        followedCount: 3,
        totalCount: 3,
      });
      // The order and the snapshots are those of the recorded session.
      expect(edited.rulesFollowed.map((item) => item.description)).toEqual([
        'Follow stop loss',
        'No revenge trades',
        'Max three trades',
      ]);
    });

    test("the checklist must name exactly the session's own items", async () => {
      const [a, b] = await threeRules(2);
      const session = await createSession(t.app, cookie, {
        rulesFollowed: [
          { ruleId: a!.id, followed: true },
          { ruleId: b!.id, followed: false },
        ],
      });
      // A rule added since is not one of the session's.
      const [c] = await createRules(t.app, cookie, [{ description: 'Added since' }]);
      for (const rulesFollowed of [
        [{ ruleId: a!.id, followed: true }],
        [
          { ruleId: a!.id, followed: true },
          { ruleId: b!.id, followed: true },
          { ruleId: c!.id, followed: true },
        ],
        [
          { ruleId: a!.id, followed: true },
          { ruleId: c!.id, followed: true },
        ],
      ]) {
        const response = await put(session.id, buildSession({ rulesFollowed }));
        expect(response.statusCode, JSON.stringify(rulesFollowed)).toBe(400);
        expect(response.json().issues[0]).toEqual({
          path: 'rulesFollowed',
          message: "rulesFollowed must list each of the session's rules exactly once",
        });
      }
      const { session: read } = (await get(`/api/sessions/${session.id}`)).json<{
        session: Session;
      }>();
      expect(read.complianceRating).toBe(50);
    });
  });

  describe('deleting', () => {
    test('one session, then the same one again answers 404', async () => {
      const session = await createSession(t.app, cookie);
      const remove = () =>
        t.app.inject({ method: 'DELETE', url: `/api/sessions/${session.id}`, headers: { cookie } });
      expect((await remove()).json()).toEqual({ ok: true });
      expect((await remove()).statusCode).toBe(404);
      expect(await countSessions()).toBe(0);
      const results = await t.database.db.selectFrom('session_rule_results').selectAll().execute();
      expect(results).toEqual([]);
    });

    test('several at once, only the trader’s own, answering how many went', async () => {
      const [one, two, three] = [
        await createSession(t.app, cookie),
        await createSession(t.app, cookie),
        await createSession(t.app, cookie),
      ];
      const other = await createLoggedInUser(t.app);
      const theirs = await createSession(t.app, other.cookie);
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/sessions/bulk-delete',
        headers: { cookie },
        payload: { ids: [one!.id, three!.id, theirs.id, 2147483647] },
      });
      expect(response.json()).toEqual({ deleted: 2 });
      const page = (await get('/api/sessions')).json<SessionsPage>();
      expect(page.sessions.map((session) => session.id)).toEqual([two!.id]);
      expect(await countSessions()).toBe(2);
    });

    test.each([
      { case: 'no ids', payload: { ids: [] }, message: 'Select at least one session' },
      {
        case: 'a repeated id',
        payload: { ids: [1, 1] },
        message: 'ids must name each session once',
      },
      {
        case: '201 ids',
        payload: { ids: Array.from({ length: 201 }, (_, i) => i + 1) },
        message: 'At most 200 sessions can be deleted at once',
      },
      {
        case: 'id 0',
        payload: { ids: [0] },
        message: 'Session id must be a positive whole number',
      },
    ])('a bulk delete of $case answers 400', async ({ payload, message }) => {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/sessions/bulk-delete',
        headers: { cookie },
        payload,
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe(message);
    });
  });
});
