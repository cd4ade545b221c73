import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import type { SessionSummary, SessionsPage } from '#shared/schemas/sessions.ts';
import { createLoggedInUser } from '#testing/factories.ts';
import { expectRefusedQuery } from '#testing/requests.ts';
import { toDataUrl, createPng } from '#testing/images.ts';
import { createRules } from '#testing/rules.ts';
import { createSession } from '#testing/sessions.ts';
import { createTestApp, describeEachDialect, type TestApp } from '#testing/test-app.ts';

/** Newest first: by date, then by id. */
function byNewest(a: SessionSummary, b: SessionSummary) {
  return b.date.localeCompare(a.date) || b.id - a.id;
}

describeEachDialect('listing sessions', (dialect) => {
  let t: TestApp;
  let cookie: string;
  beforeEach(async () => {
    t = await createTestApp(dialect);
    ({ cookie } = await createLoggedInUser(t.app));
  });
  afterEach(() => t.close());

  const list = async (query: Record<string, string | number> = {}) => {
    const search = new URLSearchParams(
      Object.entries(query).map(([key, value]) => [key, String(value)]),
    );
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/sessions?${search}`,
      headers: { cookie },
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<SessionsPage>();
  };

  /** Every page from the first, calling `between` after each page is read. */
  const readAllPages = async (
    query: Record<string, string | number>,
    between: (pageNumber: number) => Promise<void> = async () => {},
  ) => {
    const seen: SessionSummary[] = [];
    let cursor: string | null = null;
    let pageNumber = 0;
    do {
      const page: SessionsPage = await list({ ...query, ...(cursor ? { cursor } : {}) });
      seen.push(...page.sessions);
      cursor = page.nextCursor;
      pageNumber += 1;
      await between(pageNumber);
    } while (cursor);
    return seen;
  };

  const dates = [
    '2026-03-14',
    '2026-03-14',
    '2026-03-01',
    '2026-02-28',
    '2026-03-14',
    '2025-12-31',
  ];

  test('pages return every session exactly once, newest first by date then id', async () => {
    const created = [];
    for (const [i, date] of [...dates, ...dates].entries()) {
      created.push(await createSession(t.app, cookie, { name: `S${i}`, date }));
    }
    const seen = await readAllPages({ limit: 5 });
    expect(seen.map((s) => s.id)).toEqual(created.sort(byNewest).map((s) => s.id));
    const first = await list({ limit: 5 });
    expect(first.sessions).toHaveLength(5);
    expect(first.nextCursor).toEqual(expect.any(String));
    const everything = await list();
    expect(everything.sessions).toHaveLength(12);
    expect(everything.nextCursor).toBeNull();
  });

  test('sessions added or deleted between pages do not repeat or skip the others', async () => {
    const original = [];
    for (const [i, date] of dates.entries()) {
      original.push(await createSession(t.app, cookie, { name: `S${i}`, date }));
    }
    const seen = await readAllPages({ limit: 2 }, async (pageNumber) => {
      // Newer, older and same-day sessions arrive while the trader scrolls; one shown is deleted.
      await createSession(t.app, cookie, { name: `new${pageNumber}`, date: '2026-04-01' });
      await createSession(t.app, cookie, { name: `old${pageNumber}`, date: '2020-01-01' });
      await createSession(t.app, cookie, { name: `same${pageNumber}`, date: '2026-03-14' });
    });
    const seenIds = seen.map((s) => s.id);
    expect(new Set(seenIds).size).toBe(seenIds.length);
    for (const session of original) expect(seenIds).toContain(session.id);
    expect([...seen].sort(byNewest)).toEqual(seen);
  });

  test('another trader never sees these sessions', async () => {
    await createSession(t.app, cookie);
    const other = await createLoggedInUser(t.app);
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/sessions',
      headers: { cookie: other.cookie },
    });
    expect(response.json()).toEqual({ sessions: [], nextCursor: null });
  });

  describe('filters', () => {
    test('a date range includes its first and last day', async () => {
      for (const date of ['2026-02-28', '2026-03-01', '2026-03-15', '2026-03-31', '2026-04-01']) {
        await createSession(t.app, cookie, { name: date, date });
      }
      const page = await list({ from: '2026-03-01', to: '2026-03-31' });
      expect(page.sessions.map((s) => s.name)).toEqual(['2026-03-31', '2026-03-15', '2026-03-01']);
      expect((await list({ from: '2026-03-31' })).sessions.map((s) => s.name)).toEqual([
        '2026-04-01',
        '2026-03-31',
      ]);
      expect((await list({ to: '2026-02-28' })).sessions.map((s) => s.name)).toEqual([
        '2026-02-28',
      ]);
    });

    test('by session type, rating band and screenshot, also across pages', async () => {
      const rules = await createRules(
        t.app,
        cookie,
        Array.from({ length: 20 }, (_, i) => ({ description: `Rule ${i}` })),
      );
      // 18/20 = 90 (green), 17/20 = 85 and 15/20 = 75 (amber), 14/20 = 70 (red).
      const rated = async (followed: number, sessionTypeId: number, screenshot = false) =>
        createSession(t.app, cookie, {
          name: `${followed}/${sessionTypeId}`,
          sessionTypeId,
          rulesFollowed: rules.map((rule, i) => ({ ruleId: rule.id, followed: i < followed })),
          ...(screenshot ? { screenshotData: toDataUrl(await createPng()) } : {}),
        });
      await rated(18, 1);
      await rated(17, 2, true);
      await rated(15, 1);
      await rated(14, 2, true);
      await rated(20, 2);

      const names = async (query: Record<string, string | number>) =>
        (await readAllPages({ limit: 1, ...query })).map((s) => s.name);
      expect(await names({ band: 'green' })).toEqual(['20/2', '18/1']);
      expect(await names({ band: 'amber' })).toEqual(['15/1', '17/2']);
      expect(await names({ band: 'red' })).toEqual(['14/2']);
      expect(await names({ sessionTypeId: 1 })).toEqual(['15/1', '18/1']);
      expect(await names({ sessionTypeId: 2, band: 'amber' })).toEqual(['17/2']);
      expect(await names({ hasScreenshot: 'true' })).toEqual(['14/2', '17/2']);
      expect(await names({ hasScreenshot: 'false' })).toEqual(['20/2', '15/1', '18/1']);
      expect(await names({ hasScreenshot: 'false', band: 'amber' })).toEqual(['15/1']);
    });
  });

  test.each([
    { query: 'limit=0', path: 'limit' },
    { query: 'limit=201', path: 'limit' },
    { query: 'limit=abc', path: 'limit' },
    { query: 'cursor=not-a-cursor', path: 'cursor' },
    { query: `cursor=${Buffer.from('["2026-02-30",1]').toString('base64url')}`, path: 'cursor' },
    { query: 'cursor=%2F..%2F', path: 'cursor' },
    { query: 'from=2026-13-01', path: 'from' },
    { query: 'to=yesterday', path: 'to' },
    { query: 'sessionTypeId=0', path: 'sessionTypeId' },
    { query: 'band=purple', path: 'band' },
    { query: 'hasScreenshot=yes', path: 'hasScreenshot' },
    { query: 'page=2', path: '' },
  ])('?$query answers 400 naming the parameter', ({ query, path }) =>
    expectRefusedQuery(t.app, cookie, `/api/sessions?${query}`, path),
  );
});
