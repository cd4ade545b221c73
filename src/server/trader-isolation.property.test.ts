import fc from 'fast-check';
import { strFromU8, unzipSync } from 'fflate';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { complianceRating } from '#shared/compliance.ts';
import type { Analytics } from '#shared/schemas/analytics.ts';
import type { Rule } from '#shared/schemas/rules.ts';
import type { Session, SessionsPage } from '#shared/schemas/sessions.ts';
import { createLoggedInUser } from '#testing/factories.ts';
import { createPng, toDataUrl } from '#testing/images.ts';
import { createTestApp, describeEachDialect, type TestApp } from '#testing/test-app.ts';

/** Runs per database, each a fresh pair of traders acting at random. */
const RUNS = 20;
const MAX_STEPS = 16;

interface ModelRule {
  id: number;
  description: string;
  notes: string | null;
}

interface ModelSession {
  id: number;
  name: string;
  date: string;
  sessionTypeId: number;
  notes: string | null;
  /** The checklist as saved: the rule texts of that moment, whatever happened to the rules since. */
  items: { ruleId: number; description: string; followed: boolean }[];
  screenshotPath: string | null;
}

/** What one trader has, as the test believes it: every read must give exactly this. */
interface Trader {
  cookie: string;
  /** In every text the trader writes, so another trader's answers can be searched for it. */
  tag: string;
  rules: ModelRule[];
  sessions: ModelSession[];
  written: number;
}

type Who = 0 | 1;
type Intrusion =
  | 'read session'
  | 'edit session'
  | 'delete session'
  | 'bulk delete'
  | 'edit rule'
  | 'delete rule'
  | 'screenshot'
  | 'thumbnail'
  | 'session with their rule'
  | 'reorder with their rule';

type Action =
  | { type: 'create rule'; who: Who; withNotes: boolean }
  | { type: 'edit rule'; who: Who; pick: number; withNotes: boolean }
  | { type: 'delete rule'; who: Who; pick: number }
  | { type: 'reorder rules'; who: Who; keys: number[] }
  | {
      type: 'create session';
      who: Who;
      followed: boolean[];
      day: number;
      typePick: number;
      withScreenshot: boolean;
      withNotes: boolean;
    }
  | {
      type: 'edit session';
      who: Who;
      pick: number;
      flips: boolean[];
      day: number;
      screenshot: 'keep' | 'replace' | 'remove';
    }
  | { type: 'delete session'; who: Who; pick: number }
  | { type: 'bulk delete'; who: Who; picks: number[] }
  | { type: 'read export'; who: Who }
  | { type: 'intrude'; who: Who; intrusion: Intrusion; pick: number };

const who = fc.constantFrom<Who>(0, 1);
const pick = fc.nat({ max: 50 });
const day = fc.nat({ max: 180 });

const ACTION: fc.Arbitrary<Action> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.record({ type: fc.constant('create rule'), who, withNotes: fc.boolean() }),
  },
  {
    weight: 2,
    arbitrary: fc.record({ type: fc.constant('edit rule'), who, pick, withNotes: fc.boolean() }),
  },
  { weight: 1, arbitrary: fc.record({ type: fc.constant('delete rule'), who, pick }) },
  {
    weight: 1,
    arbitrary: fc.record({
      type: fc.constant('reorder rules'),
      who,
      keys: fc.array(fc.nat(), { minLength: 20, maxLength: 20 }),
    }),
  },
  {
    weight: 4,
    arbitrary: fc.record({
      type: fc.constant('create session'),
      who,
      followed: fc.array(fc.boolean(), { minLength: 20, maxLength: 20 }),
      day,
      typePick: fc.nat(),
      // A screenshot one time in four: each is a real image the server decodes and stores.
      withScreenshot: fc.nat({ max: 3 }).map((n) => n === 0),
      withNotes: fc.boolean(),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      type: fc.constant('edit session'),
      who,
      pick,
      flips: fc.array(fc.boolean(), { minLength: 20, maxLength: 20 }),
      day,
      screenshot: fc.constantFrom('keep', 'replace', 'remove'),
    }),
  },
  { weight: 1, arbitrary: fc.record({ type: fc.constant('delete session'), who, pick }) },
  {
    weight: 1,
    arbitrary: fc.record({
      type: fc.constant('bulk delete'),
      who,
      picks: fc.array(pick, { minLength: 1, maxLength: 3 }),
    }),
  },
  { weight: 1, arbitrary: fc.record({ type: fc.constant('read export'), who }) },
  {
    weight: 4,
    arbitrary: fc.record({
      type: fc.constant('intrude'),
      who,
      pick,
      intrusion: fc.constantFrom<Intrusion>(
        'read session',
        'edit session',
        'delete session',
        'bulk delete',
        'edit rule',
        'delete rule',
        'screenshot',
        'thumbnail',
        'session with their rule',
        'reorder with their rule',
      ),
    }),
  },
) as fc.Arbitrary<Action>;

const FIRST_DAY = Date.UTC(2026, 0, 1);
const dateOf = (offset: number) =>
  new Date(FIRST_DAY + offset * 86_400_000).toISOString().slice(0, 10);
const at = <T>(list: T[], index: number): T | undefined =>
  list.length === 0 ? undefined : list[index % list.length];

/**
 * Two traders act at random on one server: rules, sessions with and without screenshots,
 * reorders, deletes, and attempts on each other's ids. After every step each trader's reads
 * (rules, sessions, details, analytics; the export now and then) equal that trader's model
 * and hold nothing of the other's, and every attempt on the other's ids is a 404.
 */
describeEachDialect('two traders never see or change each other’s data', (dialect) => {
  let t: TestApp;
  let sessionTypeIds: number[];
  let screenshot: string;

  beforeAll(async () => {
    // Each run signs two traders up from the same address.
    t = await createTestApp(dialect, { env: { SIGNUP_RATE_LIMIT: '1000' } });
    // The first account is the administrator: the traders under test are plain traders.
    const admin = await createLoggedInUser(t.app);
    sessionTypeIds = (
      await t.app.inject({
        method: 'GET',
        url: '/api/session-types',
        headers: { cookie: admin.cookie },
      })
    )
      .json<{ sessionTypes: { id: number }[] }>()
      .sessionTypes.map((type) => type.id);
    screenshot = toDataUrl(await createPng(24, 16));
  });
  afterAll(() => t.close());

  const send = (
    trader: Trader,
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    payload?: object,
  ) =>
    t.app.inject({
      method,
      url,
      headers: { cookie: trader.cookie },
      ...(payload ? { payload } : {}),
    });

  const text = (trader: Trader, kind: string) => {
    trader.written += 1;
    return `${trader.tag} ${kind} ${trader.written}`;
  };

  const screenshotUrl = (path: string, thumbnail: boolean) =>
    `/api/screenshots/${path.replace(/^.*\//, '')}${thumbnail ? '/thumbnail' : ''}`;

  async function act(traders: [Trader, Trader], action: Action) {
    const me = traders[action.who];
    const other = traders[action.who === 0 ? 1 : 0];
    switch (action.type) {
      case 'create rule': {
        const payload = {
          description: text(me, 'rule'),
          notes: action.withNotes ? text(me, 'note') : '',
        };
        const response = await send(me, 'POST', '/api/rules', payload);
        expect(response.statusCode, response.body).toBe(201);
        const { rule } = response.json<{ rule: Rule }>();
        me.rules.push({
          id: rule.id,
          description: payload.description,
          notes: payload.notes || null,
        });
        return;
      }
      case 'edit rule': {
        const rule = at(me.rules, action.pick);
        if (!rule) return;
        const payload = {
          description: text(me, 'rule'),
          notes: action.withNotes ? text(me, 'note') : '',
        };
        const response = await send(me, 'PUT', `/api/rules/${rule.id}`, payload);
        expect(response.statusCode, response.body).toBe(200);
        rule.description = payload.description;
        rule.notes = payload.notes || null;
        return;
      }
      case 'delete rule': {
        const rule = at(me.rules, action.pick);
        if (!rule) return;
        const response = await send(me, 'DELETE', `/api/rules/${rule.id}`);
        expect(response.statusCode, response.body).toBe(200);
        me.rules = me.rules.filter((r) => r.id !== rule.id);
        return;
      }
      case 'reorder rules': {
        const order = me.rules
          .map((rule, index) => ({ rule, key: action.keys[index] ?? 0 }))
          .sort((a, b) => a.key - b.key)
          .map(({ rule }) => rule);
        const response = await send(me, 'PUT', '/api/rules/reorder', {
          ruleIds: order.map((rule) => rule.id),
        });
        expect(response.statusCode, response.body).toBe(200);
        me.rules = order;
        return;
      }
      case 'create session': {
        const items = me.rules.map((rule, index) => ({
          ruleId: rule.id,
          description: rule.description,
          followed: action.followed[index] ?? false,
        }));
        const payload = {
          name: text(me, 'session'),
          date: dateOf(action.day),
          sessionTypeId: at(sessionTypeIds, action.typePick) ?? null,
          notes: action.withNotes ? text(me, 'journal') : null,
          rulesFollowed: items.map(({ ruleId, followed }) => ({ ruleId, followed })),
          ...(action.withScreenshot ? { screenshotData: screenshot } : {}),
        };
        const response = await send(me, 'POST', '/api/sessions', payload);
        expect(response.statusCode, response.body).toBe(201);
        const { session } = response.json<{ session: Session }>();
        expect(session.screenshotPath === null).toBe(!action.withScreenshot);
        me.sessions.push({
          id: session.id,
          name: payload.name,
          date: payload.date,
          sessionTypeId: payload.sessionTypeId ?? 0,
          notes: payload.notes,
          items,
          screenshotPath: session.screenshotPath,
        });
        return;
      }
      case 'edit session': {
        const session = at(me.sessions, action.pick);
        if (!session) return;
        const items = session.items.map((item, index) => ({
          ...item,
          followed: action.flips[index] ? !item.followed : item.followed,
        }));
        const payload = {
          name: text(me, 'session'),
          date: dateOf(action.day),
          sessionTypeId: session.sessionTypeId,
          notes: session.notes,
          rulesFollowed: items.map(({ ruleId, followed }) => ({ ruleId, followed })),
          ...(action.screenshot === 'replace' ? { screenshotData: screenshot } : {}),
          ...(action.screenshot === 'remove' ? { screenshotData: null } : {}),
        };
        const response = await send(me, 'PUT', `/api/sessions/${session.id}`, payload);
        expect(response.statusCode, response.body).toBe(200);
        Object.assign(session, {
          name: payload.name,
          date: payload.date,
          items,
          screenshotPath: response.json<{ session: Session }>().session.screenshotPath,
        });
        if (action.screenshot === 'remove') expect(session.screenshotPath).toBeNull();
        return;
      }
      case 'delete session': {
        const session = at(me.sessions, action.pick);
        if (!session) return;
        const response = await send(me, 'DELETE', `/api/sessions/${session.id}`);
        expect(response.statusCode, response.body).toBe(200);
        me.sessions = me.sessions.filter((s) => s.id !== session.id);
        return;
      }
      case 'bulk delete': {
        const ids = [...new Set(action.picks.flatMap((p) => at(me.sessions, p)?.id ?? []))];
        if (ids.length === 0) return;
        const response = await send(me, 'POST', '/api/sessions/bulk-delete', { ids });
        expect(response.statusCode, response.body).toBe(200);
        expect(response.json<{ deleted: number }>().deleted).toBe(ids.length);
        me.sessions = me.sessions.filter((s) => !ids.includes(s.id));
        return;
      }
      case 'read export':
        await checkExport(me, other);
        return;
      case 'intrude':
        await intrude(me, other, action.intrusion, action.pick);
        return;
    }
  }

  /** `me` aims at one of `other`'s records: a 404 (or a refusal naming no record), nothing else. */
  async function intrude(me: Trader, other: Trader, intrusion: Intrusion, index: number) {
    const session = at(other.sessions, index);
    const rule = at(other.rules, index);
    const expectNotFound = async (
      method: 'GET' | 'PUT' | 'DELETE',
      url: string,
      payload?: object,
    ) => {
      const response = await send(me, method, url, payload);
      expect(response.statusCode, `${intrusion}: ${method} ${url} ${response.body}`).toBe(404);
      expect(response.body).not.toContain(other.tag);
    };
    switch (intrusion) {
      case 'read session':
        if (session) await expectNotFound('GET', `/api/sessions/${session.id}`);
        return;
      case 'edit session':
        if (session) {
          await expectNotFound('PUT', `/api/sessions/${session.id}`, {
            name: text(me, 'stolen'),
            date: session.date,
            sessionTypeId: session.sessionTypeId,
            rulesFollowed: session.items.map(({ ruleId }) => ({ ruleId, followed: true })),
            screenshotData: null,
          });
        }
        return;
      case 'delete session':
        if (session) await expectNotFound('DELETE', `/api/sessions/${session.id}`);
        return;
      case 'bulk delete':
        if (session) {
          const response = await send(me, 'POST', '/api/sessions/bulk-delete', {
            ids: [session.id],
          });
          expect(response.statusCode, response.body).toBe(200);
          expect(response.json<{ deleted: number }>().deleted).toBe(0);
        }
        return;
      case 'edit rule':
        if (rule) {
          await expectNotFound('PUT', `/api/rules/${rule.id}`, {
            description: text(me, 'stolen'),
          });
        }
        return;
      case 'delete rule':
        if (rule) await expectNotFound('DELETE', `/api/rules/${rule.id}`);
        return;
      case 'screenshot':
      case 'thumbnail': {
        const path = other.sessions.find((s) => s.screenshotPath)?.screenshotPath;
        if (path) await expectNotFound('GET', screenshotUrl(path, intrusion === 'thumbnail'));
        return;
      }
      case 'session with their rule':
        if (rule) {
          const response = await send(me, 'POST', '/api/sessions', {
            name: text(me, 'stolen'),
            date: dateOf(0),
            sessionTypeId: sessionTypeIds[0],
            rulesFollowed: [{ ruleId: rule.id, followed: true }],
          });
          expect(response.statusCode, response.body).toBe(400);
          expect(response.body).not.toContain(other.tag);
        }
        return;
      case 'reorder with their rule':
        if (rule) {
          const response = await send(me, 'PUT', '/api/rules/reorder', {
            ruleIds: [...me.rules.map((r) => r.id), rule.id],
          });
          expect(response.statusCode, response.body).toBe(409);
          expect(response.body).not.toContain(other.tag);
        }
        return;
    }
  }

  async function read<T>(me: Trader, url: string): Promise<{ body: T; text: string }> {
    const response = await send(me, 'GET', url);
    expect(response.statusCode, `${url}: ${response.body}`).toBe(200);
    return { body: response.json<T>(), text: response.body };
  }

  /** Every read of `me` equals `me`'s model and holds no text of `other`'s. */
  async function check(me: Trader, other: Trader) {
    const rules = await read<{ rules: Rule[] }>(me, '/api/rules');
    expect(
      rules.body.rules.map(({ id, description, notes }) => ({ id, description, notes })),
    ).toEqual(me.rules);

    const list = await read<SessionsPage>(me, '/api/sessions?limit=200');
    const expected = [...me.sessions].sort((a, b) => b.date.localeCompare(a.date) || b.id - a.id);
    expect(
      list.body.sessions.map((s) => ({
        id: s.id,
        name: s.name,
        date: s.date.slice(0, 10),
        sessionTypeId: s.sessionTypeId,
        complianceRating: s.complianceRating,
        screenshotPath: s.screenshotPath,
      })),
    ).toEqual(
      expected.map((s) => {
        const followed = s.items.filter((item) => item.followed).length;
        return {
          id: s.id,
          name: s.name,
          date: s.date,
          sessionTypeId: s.sessionTypeId,
          complianceRating: complianceRating(followed, s.items.length),
          screenshotPath: s.screenshotPath,
        };
      }),
    );

    const texts = [rules.text, list.text];
    for (const session of me.sessions) {
      const details = await read<{ session: Session }>(me, `/api/sessions/${session.id}`);
      expect(details.body.session.notes).toBe(session.notes);
      expect(details.body.session.rulesFollowed).toEqual(session.items);
      texts.push(details.text);
    }

    const analytics = await read<Analytics>(me, '/api/analytics?from=2026-01-01&to=2026-12-31');
    const items = me.sessions.flatMap((s) => s.items);
    expect({
      followedCount: analytics.body.followedCount,
      totalCount: analytics.body.totalCount,
    }).toEqual({
      followedCount: items.filter((item) => item.followed).length,
      totalCount: items.length,
    });
    texts.push(analytics.text);

    for (const body of texts) expect(body).not.toContain(other.tag);
  }

  /** The export holds `me`'s rules, sessions and screenshots, and nothing of `other`'s. */
  async function checkExport(me: Trader, other: Trader) {
    const zip = await send(me, 'GET', '/api/export');
    expect(zip.statusCode).toBe(200);
    const files = unzipSync(zip.rawPayload);
    const exported = JSON.parse(strFromU8(files['export.json'] ?? new Uint8Array())) as {
      rules: { description: string }[];
      sessions: { name: string }[];
    };
    expect(exported.rules.map((r) => r.description)).toEqual(me.rules.map((r) => r.description));
    expect(exported.sessions.map((s) => s.name).sort()).toEqual(
      me.sessions.map((s) => s.name).sort(),
    );
    const images = Object.keys(files).filter((name) => !/\.(json|csv)$/.test(name));
    expect(images).toHaveLength(me.sessions.filter((s) => s.screenshotPath).length);
    const csv = await send(me, 'GET', '/api/export/sessions.csv');
    expect(csv.statusCode).toBe(200);
    expect(csv.body.trim().split('\n')).toHaveLength(me.sessions.length + 1);
    for (const body of [strFromU8(files['export.json'] ?? new Uint8Array()), csv.body]) {
      expect(body).not.toContain(other.tag);
    }
  }

  test('random steps by two traders', async () => {
    let run = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.array(ACTION, { minLength: 1, maxLength: MAX_STEPS }),
        async (actions) => {
          run += 1;
          const newTrader = async (name: string): Promise<Trader> => ({
            cookie: (await createLoggedInUser(t.app)).cookie,
            tag: `⟦${run}${name}⟧`,
            rules: [],
            sessions: [],
            written: 0,
          });
          const traders: [Trader, Trader] = [await newTrader('A'), await newTrader('B')];
          for (const action of actions) {
            await act(traders, action);
            await check(traders[0], traders[1]);
            await check(traders[1], traders[0]);
          }
          await checkExport(traders[0], traders[1]);
          await checkExport(traders[1], traders[0]);
        },
      ),
      { numRuns: RUNS },
    );
    // Hundreds of requests and a few real images per run; the per-step checks do most of them.
  }, 180_000);
});
