import type { KyselyPlugin } from 'kysely';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { addDays } from '#shared/calendar.ts';
import type { Analytics } from '#shared/schemas/analytics.ts';
import type { Team, TeamMember, TeamTraderAnalytics } from '#shared/schemas/team.ts';
import { createLoggedInUser } from '#testing/factories.ts';
import { expectRefusedQuery } from '#testing/requests.ts';
import { createRules } from '#testing/rules.ts';
import { createSession } from '#testing/sessions.ts';
import { createTestApp, describeEachDialect, type TestApp } from '#testing/test-app.ts';
import { createDisciplineService } from '../discipline/discipline.service.ts';
import { createTeamRepository } from './team.repository.ts';
import { createTeamService } from './team.service.ts';

type Account = Awaited<ReturnType<typeof createLoggedInUser>>;

const TODAY = '2026-03-14';

/** Every key of a team list item: nothing else of the trader may leave. */
const MEMBER_KEYS = [
  'compliance',
  'currentStreak',
  'fullName',
  'id',
  'previousCompliance',
  'previousSessionCount',
  'sessionCount',
  'trend',
  'username',
  'weakestRule',
  'whyNoWeakestRule',
].sort();

/** Every key name anywhere in a JSON value. */
function keysIn(value: unknown, found = new Set<string>()): Set<string> {
  if (Array.isArray(value)) for (const item of value) keysIn(item, found);
  else if (value && typeof value === 'object') {
    for (const [key, inner] of Object.entries(value)) {
      found.add(key);
      keysIn(inner, found);
    }
  }
  return found;
}

/** Keys that would mean private data left the API. */
const PRIVATE_KEYS = [
  'notes',
  'screenshotPath',
  'screenshot',
  'result',
  'resultMoney',
  'resultR',
  'email',
  'currency',
  'preferences',
  'avatar',
];

describeEachDialect('company view: GET /api/admin/team', (dialect) => {
  let t: TestApp;
  let admin: Account;
  beforeEach(async () => {
    t = await createTestApp(dialect);
    admin = await createLoggedInUser(t.app, { fullName: 'Ada Admin' }); // the first account
  });
  afterEach(() => t.close());

  const get = (url: string, cookie = admin.cookie) =>
    t.app.inject({ method: 'GET', url, headers: { cookie } });
  const team = async (query = '', cookie = admin.cookie) => {
    const response = await get(`/api/admin/team?today=${TODAY}${query}`, cookie);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<Team>().traders;
  };
  const drillDown = (id: number, query = `today=${TODAY}`) =>
    get(`/api/admin/team/${id}/analytics?${query}`);
  const share = async (account: Account, discipline: boolean) => {
    const response = await t.app.inject({
      method: 'PUT',
      url: '/api/auth/update-profile',
      headers: { cookie: account.cookie },
      payload: { preferences: { sharing: { discipline } } },
    });
    expect(response.statusCode, response.body).toBe(200);
  };
  const trader = async (fullName: string, shares: boolean) => {
    const account = await createLoggedInUser(t.app, { fullName });
    if (shares) await share(account, true);
    return account;
  };
  /** Sessions on the given days, each following `followed` of the trader's two rules. */
  const sessions = async (account: Account, days: [string, 0 | 1 | 2][]) => {
    const [a, b] = await createRules(t.app, account.cookie, [
      { description: `Rule A of ${account.username}` },
      { description: `Rule B of ${account.username}` },
    ]);
    for (const [date, followed] of days) {
      await createSession(t.app, account.cookie, {
        date,
        rulesFollowed: [
          { ruleId: a!.id, followed: followed >= 1 },
          { ruleId: b!.id, followed: followed >= 2 },
        ],
      });
    }
  };

  describe('who may call', () => {
    test('a trader gets 403 and an anonymous visitor 401 on every team route', async () => {
      const someone = await trader('Sam Sharer', true);
      const urls = [
        `/api/admin/team?today=${TODAY}`,
        `/api/admin/team/${someone.user.id}/analytics?today=${TODAY}`,
        `/api/admin/team/${admin.user.id}/analytics?today=${TODAY}`,
      ];
      for (const url of urls) {
        expect((await get(url, someone.cookie)).statusCode, url).toBe(403);
        const anonymous = await t.app.inject({ method: 'GET', url });
        expect(anonymous.statusCode, url).toBe(401);
      }
    });

    test('a demoted administrator gets 403 from the next request on', async () => {
      const second = await createLoggedInUser(t.app);
      const promote = await t.app.inject({
        method: 'PUT',
        url: `/api/admin/users/${second.user.id}/role`,
        headers: { cookie: admin.cookie },
        payload: { isAdmin: true },
      });
      expect(promote.statusCode).toBe(200);
      expect((await get(`/api/admin/team?today=${TODAY}`, second.cookie)).statusCode).toBe(200);
      await t.app.inject({
        method: 'PUT',
        url: `/api/admin/users/${second.user.id}/role`,
        headers: { cookie: admin.cookie },
        payload: { isAdmin: false },
      });
      expect((await get(`/api/admin/team?today=${TODAY}`, second.cookie)).statusCode).toBe(403);
    });
  });

  describe('who is listed', () => {
    test('nobody shares by default: the list is empty', async () => {
      await trader('Quiet One', false);
      await trader('Quiet Two', false);
      expect(await team()).toEqual([]);
    });

    test('exactly the traders who share, administrators included, with the shared keys only', async () => {
      const sharing = [await trader('Bea Sharer', true), await trader('Cal Sharer', true)];
      const quiet = [await trader('Dee Quiet', false), await trader('Eve Quiet', false)];
      expect((await team()).map((member) => member.id).sort()).toEqual(
        sharing.map((account) => account.user.id).sort(),
      );
      for (const account of quiet) {
        const response = await drillDown(account.user.id);
        expect(response.statusCode).toBe(404);
      }

      // An administrator who shares is listed too.
      await share(admin, true);
      const members = await team();
      expect(members.map((member) => member.id)).toContain(admin.user.id);
      expect(members).toHaveLength(3);
      for (const member of members) expect(Object.keys(member).sort()).toEqual(MEMBER_KEYS);
    });

    test('figures asked for by id are only those of the ids who share (a page by name)', async () => {
      const bea = await trader('Bea Sharer', true);
      const dee = await trader('Dee Quiet', false);
      const repository = createTeamRepository(t.database);
      const read = await repository.sharingTraders(TODAY, [bea.user.id, dee.user.id]);
      expect(read.map((row) => row.id)).toEqual([bea.user.id]);
      expect(await repository.sharingTraders(TODAY, [])).toEqual([]);
      expect((await repository.sharingTraderNames()).map((row) => row.id)).toEqual([bea.user.id]);
    });

    test('no notes, screenshots, money or e-mail anywhere in either answer', async () => {
      const bea = await trader('Bea Sharer', true);
      const [rule] = await createRules(t.app, bea.cookie, [{ description: 'Wait for the close' }]);
      await createSession(t.app, bea.cookie, {
        date: TODAY,
        notes: 'SECRET-NOTE',
        resultMoney: 1234.56,
        resultR: 2.5,
        rulesFollowed: [{ ruleId: rule!.id, followed: false }],
      });
      const list = await get(`/api/admin/team?today=${TODAY}`);
      const details = await drillDown(bea.user.id);
      expect(details.statusCode).toBe(200);
      for (const response of [list, details]) {
        expect(response.body).not.toContain('SECRET-NOTE');
        expect(response.body).not.toContain(bea.email);
        expect(response.body).not.toContain('1234');
        const keys = keysIn(response.json());
        for (const key of PRIVATE_KEYS) expect(keys.has(key), key).toBe(false);
      }
      expect(Object.keys(details.json<TeamTraderAnalytics>()).sort()).toEqual([
        'analytics',
        'streaks',
        'trader',
      ]);
      expect(Object.keys(details.json<TeamTraderAnalytics>().trader).sort()).toEqual([
        'fullName',
        'id',
        'username',
      ]);
    });

    test('a trader who stops sharing is gone from the next request on, list and drill-down', async () => {
      const bea = await trader('Bea Sharer', true);
      await sessions(bea, [[TODAY, 2]]);
      expect((await team()).map((member) => member.id)).toEqual([bea.user.id]);
      expect((await drillDown(bea.user.id)).statusCode).toBe(200);

      await share(bea, false);
      expect(await team()).toEqual([]);
      const gone = await drillDown(bea.user.id);
      expect(gone.statusCode).toBe(404);

      // Not sharing and not existing answer alike: the administrator cannot tell them apart.
      const missing = await drillDown(999_999);
      expect(missing.statusCode).toBe(404);
      expect(gone.json()).toEqual({ message: 'Trader not found' });
      expect(missing.json()).toEqual(gone.json());

      // And back again when they share again.
      await share(bea, true);
      expect((await team()).map((member) => member.id)).toEqual([bea.user.id]);
    });

    /**
     * The service over the database as it sees it: the moment a result with the named columns
     * comes back, `account` switches sharing off (as a request of theirs committing in between
     * would).
     */
    const stopsSharingMidway = (account: Account, columns: string[]) => {
      const state = { hasStopped: false };
      const plugin: KyselyPlugin = {
        transformQuery: ({ node }) => node,
        transformResult: async ({ result }) => {
          const row = result.rows[0];
          if (!state.hasStopped && row && columns.every((column) => column in row)) {
            state.hasStopped = true;
            await t.database.db
              .updateTable('users')
              .set({ share_discipline: false })
              .where('id', '=', account.user.id)
              .execute();
          }
          return result;
        },
      };
      const service = createTeamService({
        database: { ...t.database, db: t.database.db.withPlugin(plugin) },
      });
      return { service, state };
    };

    test('a trader who stops sharing while their figures are read gets a 404, not the figures', async () => {
      const bea = await trader('Bea Sharer', true);
      await sessions(bea, [[TODAY, 2]]);
      // As the analytics figures come back.
      const { service, state } = stopsSharingMidway(bea, ['followedCount', 'compliance']);
      await expect(service.traderAnalytics(bea.user.id, { today: TODAY })).rejects.toMatchObject({
        statusCode: 404,
        message: 'Trader not found',
      });
      expect(state.hasStopped).toBe(true);
    });

    test('a session saved as the weakest rules are read leaves the list’s why-none true of what it read', async () => {
      const bea = await trader('Bea Sharer', true);
      await sessions(bea, [[TODAY, 2]]);
      const { rules } = (await get('/api/rules', bea.cookie)).json<{ rules: { id: number }[] }>();
      // The moment the weakest rules' statement is answered, Bea saves a session breaking a
      // current rule: a read of the 30 days' items after it would count that broken item.
      const statements = new Set<unknown>();
      let saved = false;
      const plugin: KyselyPlugin = {
        transformQuery: ({ node, queryId }) => {
          if (node.kind === 'RawNode' && node.sqlFragments.join('').includes('counts.broken')) {
            statements.add(queryId);
          }
          return node;
        },
        transformResult: async ({ result, queryId }) => {
          if (!saved && statements.has(queryId)) {
            saved = true;
            await createSession(t.app, bea.cookie, {
              date: TODAY,
              rulesFollowed: rules.map((rule, index) => ({ ruleId: rule.id, followed: index > 0 })),
            });
          }
          return result;
        },
      };
      const service = createTeamService({
        database: { ...t.database, db: t.database.db.withPlugin(plugin) },
      });
      const [member] = (await service.listTeam({ today: TODAY, sort: 'name', limit: 50 })).traders;
      expect(saved).toBe(true);
      // Not 'Only deleted rules broken': no rule was deleted. The month read was clean.
      expect(member).toMatchObject({ weakestRule: null, whyNoWeakestRule: 'none-broken' });
      // The next read sees the broken rule.
      expect((await team())[0]!.weakestRule).toMatchObject({ complianceRate: 50 });
    });

    test('a trader who stops sharing while the list is read is left out, weakest rule and all', async () => {
      const bea = await trader('Bea Sharer', true);
      await sessions(bea, [[TODAY, 1]]);
      // As the weakest rules come back.
      const { service, state } = stopsSharingMidway(bea, ['brokenCount', 'description']);
      const listed = await service.listTeam({ today: TODAY, sort: 'name', limit: 50 });
      expect(state.hasStopped).toBe(true);
      expect(listed.traders).toEqual([]);
    });

    test('a trader left out as they stop sharing is not where the next page starts: their figure stays out of the cursor', async () => {
      const [ann, bea, cid] = [
        await trader('Ann Sharer', true),
        await trader('Bea Sharer', true),
        await trader('Cid Sharer', true),
      ];
      await sessions(ann, [[TODAY, 2]]);
      await sessions(bea, [[TODAY, 1]]);
      await sessions(cid, [[TODAY, 0]]);
      // Bea, second by compliance, stops sharing as the page's weakest rules come back.
      const { service, state } = stopsSharingMidway(bea, ['brokenCount', 'description']);
      const listed = await service.listTeam({ today: TODAY, sort: 'compliance', limit: 2 });
      expect(state.hasStopped).toBe(true);
      expect(listed.traders.map((member) => member.fullName)).toEqual(['Ann Sharer']);
      const cursor = Buffer.from(listed.nextCursor ?? '', 'base64url').toString();
      expect(cursor).not.toContain('Bea Sharer');
      expect(JSON.parse(cursor)).toEqual([
        'compliance',
        'desc',
        100,
        'Ann Sharer',
        ann.user.username,
        ann.user.id,
      ]);
      // And nobody is skipped: the next page is Cid.
      const rest = await service.listTeam({
        today: TODAY,
        sort: 'compliance',
        limit: 2,
        cursor: listed.nextCursor ?? undefined,
      });
      expect(rest.traders.map((member) => member.fullName)).toEqual(['Cid Sharer']);
    });

    test('a first page whose every trader stops sharing as it is read is read again, so the list goes on', async () => {
      const [ann, bea] = [await trader('Ann Sharer', true), await trader('Bea Sharer', true)];
      await sessions(ann, [[TODAY, 1]]);
      await sessions(bea, [[TODAY, 0]]);
      // Ann, first by compliance, stops sharing as the page's weakest rules come back.
      const { service, state } = stopsSharingMidway(ann, ['brokenCount', 'description']);
      const listed = await service.listTeam({ today: TODAY, sort: 'compliance', limit: 1 });
      expect(state.hasStopped).toBe(true);
      expect(listed.traders.map((member) => member.fullName)).toEqual(['Bea Sharer']);
      expect(listed.nextCursor).toBeNull();
    });

    test('a deleted trader is gone', async () => {
      const bea = await trader('Bea Sharer', true);
      const response = await t.app.inject({
        method: 'DELETE',
        url: `/api/admin/users/${bea.user.id}`,
        headers: { cookie: admin.cookie },
      });
      expect(response.statusCode).toBe(200);
      expect(await team()).toEqual([]);
      expect((await drillDown(bea.user.id)).statusCode).toBe(404);
    });
  });

  describe('the figures', () => {
    const analyticsOf = async (account: Account, query: string) => {
      const response = await get(`/api/analytics?${query}`, account.cookie);
      expect(response.statusCode, response.body).toBe(200);
      return response.json<Analytics>();
    };

    test('compliance, sessions and trend are the dashboard’s 30-day figures, windows edge to edge', async () => {
      const bea = await trader('Bea Sharer', true);
      const first = addDays(TODAY, -29); // the window's first day
      const previousLast = addDays(TODAY, -30);
      const previousFirst = addDays(TODAY, -59);
      await sessions(bea, [
        [TODAY, 2],
        [first, 1],
        [previousLast, 0],
        [previousFirst, 2],
        [addDays(TODAY, -60), 0], // outside both windows
        [addDays(TODAY, 1), 0], // after today
      ]);
      const [member] = await team();
      const current = await analyticsOf(bea, `today=${TODAY}`);
      const previous = await analyticsOf(bea, `from=${previousFirst}&to=${previousLast}`);
      expect(current.overallCompliance).toBe(75);
      expect(previous.overallCompliance).toBe(50);
      expect(member).toMatchObject({
        compliance: current.overallCompliance,
        sessionCount: 2,
        previousCompliance: previous.overallCompliance,
        previousSessionCount: 2,
        trend: 25,
      });
    });

    test('no session in a window is no figure (null), not 0%', async () => {
      const onlyOld = await trader('Old Sessions', true);
      await sessions(onlyOld, [[addDays(TODAY, -40), 2]]);
      const onlyNew = await trader('New Sessions', true);
      await sessions(onlyNew, [[TODAY, 1]]);
      const none = await trader('No Sessions', true);
      const members = new Map((await team()).map((member) => [member.id, member]));
      expect(members.get(onlyOld.user.id)).toMatchObject({
        compliance: null,
        sessionCount: 0,
        previousCompliance: 100,
        trend: null,
      });
      expect(members.get(onlyNew.user.id)).toMatchObject({
        compliance: 50,
        previousCompliance: null,
        trend: null,
      });
      expect(members.get(none.user.id)).toMatchObject({
        compliance: null,
        sessionCount: 0,
        previousCompliance: null,
        previousSessionCount: 0,
        trend: null,
        currentStreak: 0,
        weakestRule: null,
      });
    });

    test('streak and weakest rule are the discipline module’s', async () => {
      const bea = await trader('Bea Sharer', true);
      await sessions(bea, [
        [addDays(TODAY, -3), 0],
        [addDays(TODAY, -2), 2],
        [addDays(TODAY, -1), 2],
        [TODAY, 1],
        [TODAY, 2],
      ]);
      const discipline = createDisciplineService({ database: t.database });
      const streaks = await discipline.streaks(bea.user.id);
      const { weakestRule: weakest } = await discipline.weakestRule(bea.user.id, TODAY);
      const [member] = await team();
      expect(member!.currentStreak).toBe(streaks.excellent.current);
      expect(member!.currentStreak).toBe(1);
      expect(member!.weakestRule).toEqual({
        description: weakest!.description,
        complianceRate: weakest!.complianceRate,
      });
      expect(member!.weakestRule).toEqual({
        description: `Rule B of ${bea.username}`,
        complianceRate: 60,
      });
    });

    test('without a weakest rule, the list says why: nothing checked, nothing broken, or deleted rules broken', async () => {
      const noRules = await trader('No Rules', true);
      await createSession(t.app, noRules.cookie, { date: TODAY, rulesFollowed: [] });
      const clean = await trader('Clean Month', true);
      // The session of 40 days ago is not in the 30 days' counts.
      await sessions(clean, [
        [TODAY, 2],
        [addDays(TODAY, -40), 0],
      ]);
      const deleted = await trader('Deleted Rule', true);
      await sessions(deleted, [[TODAY, 1]]);
      // Rule B, which the session broke, is deleted.
      const { rules } = (await get('/api/rules', deleted.cookie)).json<{
        rules: { id: number; description: string }[];
      }>();
      const broken = rules.find((rule) => rule.description.startsWith('Rule B'));
      const removal = await t.app.inject({
        method: 'DELETE',
        url: `/api/rules/${broken!.id}`,
        headers: { cookie: deleted.cookie },
      });
      expect(removal.statusCode).toBe(200);

      const members = new Map((await team()).map((member) => [member.id, member]));
      expect(members.get(noRules.user.id)).toMatchObject({
        sessionCount: 1,
        weakestRule: null,
        whyNoWeakestRule: 'nothing-checked',
      });
      expect(members.get(clean.user.id)).toMatchObject({
        sessionCount: 1,
        weakestRule: null,
        whyNoWeakestRule: 'none-broken',
      });
      expect(members.get(deleted.user.id)).toMatchObject({
        compliance: 50,
        weakestRule: null,
        whyNoWeakestRule: 'only-deleted-broken',
      });
    });

    test('the current streak is the run at 90% or more, not the one at 100%', async () => {
      const bea = await trader('Bea Sharer', true);
      const rules = await createRules(
        t.app,
        bea.cookie,
        Array.from({ length: 10 }, (_, index) => ({ description: `Rule ${index + 1}` })),
      );
      // 100%, then 90% twice: three sessions at 90% or more, none at 100% since.
      for (const [date, followed] of [
        [addDays(TODAY, -2), 10],
        [addDays(TODAY, -1), 9],
        [TODAY, 9],
      ] as const) {
        await createSession(t.app, bea.cookie, {
          date,
          rulesFollowed: rules.map((rule, index) => ({
            ruleId: rule.id,
            followed: index < followed,
          })),
        });
      }
      const [member] = await team();
      expect(member!.currentStreak).toBe(3);
      expect(member!.compliance).toBe(93);
    });

    test('the drill-down equals the trader’s own /api/analytics for every range, plus streaks', async () => {
      const bea = await trader('Bea Sharer', true);
      await sessions(bea, [
        ['2026-01-05', 2],
        ['2026-01-31', 1],
        ['2026-02-01', 0],
        ['2026-02-28', 2],
        ['2026-03-01', 1],
        [TODAY, 2],
      ]);
      const queries = [
        `today=${TODAY}`,
        `from=2026-01-01&to=${TODAY}&today=${TODAY}`,
        'from=2026-01-31&to=2026-03-01',
        'to=2026-02-15',
        'from=2026-02-01',
      ];
      const streaks = await createDisciplineService({ database: t.database }).streaks(bea.user.id);
      for (const query of queries) {
        const response = await drillDown(bea.user.id, query);
        expect(response.statusCode, query).toBe(200);
        const body = response.json<TeamTraderAnalytics>();
        expect(body.analytics, query).toEqual(await analyticsOf(bea, query));
        expect(body.streaks).toEqual(streaks);
        expect(body.trader).toEqual({
          id: bea.user.id,
          username: bea.username,
          fullName: 'Bea Sharer',
        });
      }
    });

    test('another trader’s sessions never count', async () => {
      const bea = await trader('Bea Sharer', true);
      const quiet = await trader('Quiet Trader', false);
      await sessions(bea, [[TODAY, 2]]);
      await sessions(quiet, [
        [TODAY, 0],
        [addDays(TODAY, -35), 0],
      ]);
      expect(await team()).toEqual([
        expect.objectContaining({
          id: bea.user.id,
          compliance: 100,
          sessionCount: 1,
          previousSessionCount: 0,
        }),
      ]);
    });
  });

  describe('sorting', () => {
    /** Four traders whose figures put them in a different order for each column. */
    const fourTraders = async () => {
      const ann = await trader('ann Low', true); // 50% now, 100% before: trend -50, streak 0
      await sessions(ann, [
        [addDays(TODAY, -40), 2],
        [TODAY, 1],
      ]);
      const bob = await trader('Bob High', true); // 100% now, 50% before: trend +50, streak 3
      await sessions(bob, [
        [addDays(TODAY, -40), 1],
        [addDays(TODAY, -2), 2],
        [addDays(TODAY, -1), 2],
        [TODAY, 2],
      ]);
      const cid = await trader('Cid Middle', true); // 75% now, no earlier: trend null, streak 1
      await sessions(cid, [
        [addDays(TODAY, -1), 1],
        [TODAY, 2],
      ]);
      const dot = await trader('Dot None', true); // no sessions: compliance null
      return { ann, bob, cid, dot };
    };
    const names = (members: TeamMember[]) => members.map((member) => member.fullName);

    test('by name (the default), A to Z whatever the case, and back', async () => {
      await fourTraders();
      const az = ['ann Low', 'Bob High', 'Cid Middle', 'Dot None'];
      expect(names(await team())).toEqual(az);
      expect(names(await team('&sort=name&order=asc'))).toEqual(az);
      expect(names(await team('&sort=name&order=desc'))).toEqual([...az].reverse());
    });

    test('by compliance, trend and streak, in both orders; no figure comes last either way', async () => {
      await fourTraders();
      expect(names(await team('&sort=compliance'))).toEqual([
        'Bob High',
        'Cid Middle',
        'ann Low',
        'Dot None',
      ]);
      expect(names(await team('&sort=compliance&order=asc'))).toEqual([
        'ann Low',
        'Cid Middle',
        'Bob High',
        'Dot None',
      ]);
      expect(names(await team('&sort=trend&order=desc'))).toEqual([
        'Bob High',
        'ann Low',
        'Cid Middle',
        'Dot None',
      ]);
      expect(names(await team('&sort=trend&order=asc'))).toEqual([
        'ann Low',
        'Bob High',
        'Cid Middle',
        'Dot None',
      ]);
      expect(names(await team('&sort=streak'))).toEqual([
        'Bob High',
        'Cid Middle',
        'ann Low',
        'Dot None',
      ]);
      // Equal streaks (0 and 0) fall back to the name.
      expect(names(await team('&sort=streak&order=asc'))).toEqual([
        'ann Low',
        'Dot None',
        'Cid Middle',
        'Bob High',
      ]);
    });
  });

  describe('pages', () => {
    const page = async (query: string) => {
      const response = await get(`/api/admin/team?today=${TODAY}${query}`);
      expect(response.statusCode, response.body).toBe(200);
      return response.json<Team>();
    };
    /** Every page of `limit` in the order of `query`, following each page's cursor. */
    const allPages = async (query: string, limit: number, from: string | null = null) => {
      const pages: Team[] = [];
      let cursor = from;
      do {
        const next: Team = await page(
          `${query}&limit=${limit}${cursor ? `&cursor=${cursor}` : ''}`,
        );
        pages.push(next);
        cursor = next.nextCursor;
      } while (cursor && pages.length < 20);
      return pages;
    };

    /** Seven sharers: figures of every kind, and two traders with the same name and figures. */
    const sevenTraders = async () => {
      const [ann, bob] = [await trader('ann Low', true), await trader('Bob High', true)];
      await sessions(ann, [
        [addDays(TODAY, -40), 2],
        [TODAY, 1],
      ]);
      await sessions(bob, [
        [addDays(TODAY, -40), 1],
        [addDays(TODAY, -1), 2],
        [TODAY, 2],
      ]);
      for (const name of ['Eve Twin', 'Eve Twin']) {
        await sessions(await trader(name, true), [[TODAY, 1]]);
      }
      const cid = await trader('Cid Middle', true);
      await sessions(cid, [
        [addDays(TODAY, -35), 2],
        [TODAY, 2],
      ]);
      await trader('Dot None', true);
      await trader('Fay None', true);
      return { cid };
    };
    const names = (members: TeamMember[]) => members.map((member) => member.fullName);

    test('follow each other in every order: together, the whole list once, as one page gives it', async () => {
      await sevenTraders();
      for (const sort of ['name', 'compliance', 'trend', 'streak']) {
        for (const order of ['asc', 'desc']) {
          const query = `&sort=${sort}&order=${order}`;
          const whole = await page(`${query}&limit=200`);
          expect(whole.traders).toHaveLength(7);
          expect(whole.nextCursor).toBeNull();
          const pages = await allPages(query, 2);
          expect(
            pages.map((p) => p.traders.length),
            query,
          ).toEqual([2, 2, 2, 1]);
          expect(
            pages.flatMap((p) => p.traders),
            query,
          ).toEqual(whole.traders);
        }
      }
      // Fifty at a time without a limit.
      const first = await page('&sort=name');
      expect(first.traders).toHaveLength(7);
      expect(first.nextCursor).toBeNull();
    });

    test('a trader who stops or starts sharing between pages: the next page starts after the last shown', async () => {
      const { cid } = await sevenTraders();
      const first = await page('&sort=name&limit=3');
      expect(names(first.traders)).toEqual(['ann Low', 'Bob High', 'Cid Middle']);

      // The last trader shown stops sharing; one who sorts before them and one after start.
      await share(cid, false);
      await trader('Abe Early', true);
      await trader('Dan Later', true);

      const rest = await allPages('&sort=name', 3, first.nextCursor);
      expect(names(rest.flatMap((p) => p.traders))).toEqual([
        'Dan Later',
        'Dot None',
        'Eve Twin',
        'Eve Twin',
        'Fay None',
      ]);
    });

    test('each trader of a later page has their own figures and weakest rule', async () => {
      await sevenTraders();
      const pages = await allPages('&sort=compliance&order=asc', 1);
      const whole = await page('&sort=compliance&order=asc&limit=200');
      expect(pages.flatMap((p) => p.traders)).toEqual(whole.traders);
      const byName = (name: string) => whole.traders.find((member) => member.fullName === name)!;
      const ann = byName('ann Low');
      expect(ann.weakestRule).toEqual({
        description: `Rule B of ${ann.username}`,
        complianceRate: 0,
      });
      expect(byName('Bob High')).toMatchObject({ currentStreak: 2, weakestRule: null });
    });

    test('refuse a cursor of another order, or one the list did not make, and a bad limit', async () => {
      await sevenTraders();
      const { nextCursor } = await page('&sort=compliance&order=desc&limit=2');
      expect(nextCursor).not.toBeNull();
      const bad = [
        `&sort=compliance&order=asc&cursor=${nextCursor}`,
        `&sort=trend&order=desc&cursor=${nextCursor}`,
        `&sort=name&cursor=${nextCursor}`,
        `&cursor=not-a-cursor`,
        `&cursor=${Buffer.from('["name","asc",null,"a","b",0]').toString('base64url')}`,
        `&cursor=${Buffer.from('{"id":1}').toString('base64url')}`,
        `&cursor=${'a'.repeat(1025)}`,
        `&cursor=a%2Bb`,
      ];
      for (const query of bad) {
        await expectRefusedQuery(
          t.app,
          admin.cookie,
          `/api/admin/team?today=${TODAY}${query}`,
          'cursor',
        );
      }
      for (const limit of ['0', '201', 'ten', '1.5']) {
        await expectRefusedQuery(
          t.app,
          admin.cookie,
          `/api/admin/team?today=${TODAY}&limit=${limit}`,
          'limit',
        );
      }
    });
  });

  describe('bad requests', () => {
    test('the list refuses a missing or bad today, sort or order, and unknown parameters', async () => {
      const bad: [string, string][] = [
        ['/api/admin/team', 'today'],
        ['/api/admin/team?today=2026-02-30', 'today'],
        ['/api/admin/team?today=tomorrow', 'today'],
        [`/api/admin/team?today=${TODAY}&sort=email`, 'sort'],
        [`/api/admin/team?today=${TODAY}&sort=`, 'sort'],
        [`/api/admin/team?today=${TODAY}&order=up`, 'order'],
        [`/api/admin/team?today=${TODAY}&notes=1`, ''],
      ];
      for (const [url, path] of bad) await expectRefusedQuery(t.app, admin.cookie, url, path);
    });

    test('the drill-down refuses a bad id or range as /api/analytics does', async () => {
      const bea = await trader('Bea Sharer', true);
      const base = `/api/admin/team/${bea.user.id}/analytics`;
      const bad: [string, string][] = [
        [`${base}?from=2026-03-02&to=2026-03-01`, 'from'],
        [`${base}?today=2026-13-01`, 'today'],
        [`/api/admin/team/abc/analytics?today=${TODAY}`, 'id'],
        [`/api/admin/team/0/analytics?today=${TODAY}`, 'id'],
        [`/api/admin/team/2147483648/analytics?today=${TODAY}`, 'id'],
        [`${base}?today=${TODAY}&userId=1`, ''],
      ];
      for (const [url, path] of bad) await expectRefusedQuery(t.app, admin.cookie, url, path);
    });
  });
});
