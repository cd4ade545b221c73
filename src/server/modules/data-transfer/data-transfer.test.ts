import { unzipSync, strFromU8 } from 'fflate';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import type { User } from '#shared/schemas/auth.ts';
import { EXPORT_FORMAT, EXPORT_VERSION, type ExportFileInput } from '#shared/schemas/export.ts';
import type { Session } from '#shared/schemas/sessions.ts';
import {
  everything,
  exportZip,
  importFile,
  postImport,
  traderView,
} from '#testing/data-transfer.ts';
import { createLoggedInUser } from '#testing/factories.ts';
import { createPng, toDataUrl } from '#testing/images.ts';
import { createRules } from '#testing/rules.ts';
import { buildSession, createSession } from '#testing/sessions.ts';
import { createTestApp, describeEachDialect, type TestApp } from '#testing/test-app.ts';
import { createExportService } from './export.service.ts';

type Trader = Awaited<ReturnType<typeof createLoggedInUser>>;

describeEachDialect('export and import', (dialect) => {
  let t: TestApp;
  let trader: Trader;
  beforeEach(async () => {
    t = await createTestApp(dialect);
    // The first account is the administrator; the trader is an ordinary one, who may delete
    // their own account.
    await createLoggedInUser(t.app);
    trader = await createLoggedInUser(t.app);
  });
  afterEach(() => t.close());

  /** The trader deletes their account, then signs up again under the same name. */
  const startOver = async (from: Trader): Promise<Trader> => {
    const deleted = await t.app.inject({
      method: 'DELETE',
      url: '/api/auth/account',
      headers: { cookie: from.cookie },
      payload: { password: from.password },
    });
    expect(deleted.statusCode).toBe(200);
    expect(await t.listImageFiles()).toEqual([]);
    return createLoggedInUser(t.app, { username: from.username, email: from.email });
  };

  /** A history with what an export must carry: rules with notes, months, types, screenshots,
   * an edited rule (its snapshot differs) and a deleted one (only its history is left). */
  const seedHistory = async (cookie: string) => {
    const [stop, revenge, size, gone] = await createRules(t.app, cookie, [
      { description: 'Follow stop loss', notes: 'Always, no exceptions' },
      { description: 'No revenge trades' },
      { description: 'Max 2% risk' },
      { description: 'Trade the plan' },
    ]);
    const all = (followed: boolean[]) =>
      [stop!, revenge!, size!, gone!].map((rule, index) => ({
        ruleId: rule.id,
        followed: followed[index] ?? false,
      }));
    await createSession(t.app, cookie, {
      name: 'London open',
      date: '2026-02-03',
      sessionTypeId: 3,
      notes: 'Calm market,\n"quoted" words',
      rulesFollowed: all([true, true, false, true]),
      screenshotData: toDataUrl(await createPng(320, 200)),
      resultMoney: -412.5,
      resultR: -1.25,
    });
    await createSession(t.app, cookie, {
      name: 'New York',
      date: '2026-03-10',
      sessionTypeId: 4,
      rulesFollowed: all([true, false, false, false]),
    });
    await createSession(t.app, cookie, {
      name: 'Tokyo',
      date: '2026-03-18',
      sessionTypeId: 2,
      rulesFollowed: all([true, true, true, true]),
      screenshotData: toDataUrl(await createPng(64, 48)),
      resultR: 2,
    });
    // History survives edits and deletions: the export must keep it.
    await t.app.inject({
      method: 'PUT',
      url: `/api/rules/${size!.id}`,
      headers: { cookie },
      payload: { description: 'Max 1% risk' },
    });
    await t.app.inject({ method: 'DELETE', url: `/api/rules/${gone!.id}`, headers: { cookie } });
  };

  const readDocument = (zip: Buffer) => {
    const files = unzipSync(zip);
    return JSON.parse(strFromU8(files['export.json']!)) as ExportFileInput;
  };

  describe('the round trip', () => {
    test('export, start over, import: the same rules, sessions, figures and images', async () => {
      await seedHistory(trader.cookie);
      const before = await traderView(t, trader.cookie);
      const zip = await exportZip(t.app, trader.cookie);

      const target = await startOver(trader);
      expect(await importFile(t.app, target.cookie, zip)).toEqual({
        rulesAdded: 3,
        rulesMatched: 0,
        sessionsAdded: 3,
        sessionsSkipped: 0,
      });
      const after = await traderView(t, target.cookie);
      expect(after).toEqual(before);
      // The deleted rule's history is still one rule of the figures, as it was.
      expect(after.analytics.ruleCompliance.map((rule) => rule.description)).toContain(
        'Trade the plan',
      );
      expect(after.sessions.filter((session) => session.screenshot)).toHaveLength(2);
    });

    test('the ZIP holds the documented JSON, the CSV and the screenshots as stored', async () => {
      await seedHistory(trader.cookie);
      const response = await t.app.inject({
        method: 'GET',
        url: '/api/export',
        headers: { cookie: trader.cookie },
      });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('application/zip');
      expect(response.headers['content-disposition']).toMatch(
        /^attachment; filename="rulekeeper-export-\d{4}-\d{2}-\d{2}\.zip"$/,
      );
      const files = unzipSync(response.rawPayload);
      const names = Object.keys(files).sort();
      expect(names.filter((name) => !name.startsWith('images/'))).toEqual([
        'export.json',
        'sessions.csv',
      ]);
      const document = readDocument(response.rawPayload);
      expect(document).toMatchObject({
        format: 'rulekeeper-export',
        version: 1,
        profile: { username: trader.username, fullName: trader.fullName },
        rules: [
          { description: 'Follow stop loss', notes: 'Always, no exceptions', position: 0 },
          { description: 'No revenge trades', notes: null, position: 1 },
          { description: 'Max 1% risk', notes: null, position: 2 },
        ],
      });
      expect(document.sessions.map((session) => session.name)).toEqual([
        'London open',
        'New York',
        'Tokyo',
      ]);
      const [first] = document.sessions;
      expect(first).toMatchObject({
        date: '2026-02-03',
        sessionType: 'London',
        complianceRating: 75,
        notes: 'Calm market,\n"quoted" words',
        resultMoney: -412.5,
        resultR: -1.25,
      });
      expect(first!.checklist.map((item) => item.description)).toEqual([
        'Follow stop loss',
        'No revenge trades',
        'Max 2% risk',
        'Trade the plan',
      ]);
      // Every named screenshot is in the ZIP, byte for byte as stored.
      for (const session of document.sessions) {
        if (!session.screenshot) continue;
        const ref = session.screenshot.slice('images/'.length);
        const stored = await t.images.get(`screenshots/${ref}`);
        expect(Buffer.from(files[session.screenshot]!)).toEqual(stored);
      }
    });

    test('a screenshot replaced while the export is written goes in the file with its session', async () => {
      const png = toDataUrl(await createPng(64, 48));
      const session = await createSession(t.app, trader.cookie, { screenshotData: png });
      const user = (
        await t.app.inject({ method: 'GET', url: '/api/user', headers: { cookie: trader.cookie } })
      ).json<{ user: User }>().user;
      const exporter = createExportService({ database: t.database, images: t.images });

      // The first piece out holds the screenshot as it was; then the trader replaces it.
      const pieces = exporter.exportZip(user);
      const chunks: Buffer[] = [];
      const first = await pieces.next();
      if (!first.done) chunks.push(first.value);
      const edited = await t.app.inject({
        method: 'PUT',
        url: `/api/sessions/${session.id}`,
        headers: { cookie: trader.cookie },
        payload: buildSession({ screenshotData: toDataUrl(await createPng(80, 60)) }),
      });
      expect(edited.statusCode).toBe(200);
      const replaced = edited.json<{ session: Session }>().session.screenshotPath!;
      for await (const chunk of { [Symbol.asyncIterator]: () => pieces }) chunks.push(chunk);

      const zip = Buffer.concat(chunks);
      const [exported] = readDocument(zip).sessions;
      expect(exported!.screenshot).toBe(`images/${replaced}`);
      expect(Buffer.from(unzipSync(zip)[`images/${replaced}`]!)).toEqual(
        await t.images.get(`screenshots/${replaced}`),
      );
      // And the file imports whole into another account.
      const other = await createLoggedInUser(t.app);
      expect(await importFile(t.app, other.cookie, zip)).toMatchObject({ sessionsAdded: 1 });
    });

    test('importing the same file twice adds nothing the second time', async () => {
      await seedHistory(trader.cookie);
      const zip = await exportZip(t.app, trader.cookie);
      const target = await startOver(trader);
      await importFile(t.app, target.cookie, zip);
      const once = await everything(t);

      expect(await importFile(t.app, target.cookie, zip)).toEqual({
        rulesAdded: 0,
        rulesMatched: 3,
        sessionsAdded: 0,
        sessionsSkipped: 3,
      });
      expect(await everything(t)).toEqual(once);
    });

    test('a session deleted while the import stores its screenshots stays deleted', async () => {
      await seedHistory(trader.cookie);
      const zip = await exportZip(t.app, trader.cookie);
      const { sessions } = (
        await t.app.inject({
          method: 'GET',
          url: '/api/sessions',
          headers: { cookie: trader.cookie },
        })
      ).json<{ sessions: { id: number; name: string }[] }>();
      const idOf = (name: string) => sessions.find((session) => session.name === name)!.id;
      const deleteSession = async (name: string) => {
        const response = await t.app.inject({
          method: 'DELETE',
          url: `/api/sessions/${idOf(name)}`,
          headers: { cookie: trader.cookie },
        });
        expect(response.statusCode, response.body).toBe(200);
      };
      // The account lacks Tokyo, so the import stores its screenshot first; as it does, the
      // trader deletes London open, which the account had when the import began.
      await deleteSession('Tokyo');
      const put = t.images.put.bind(t.images);
      let isDeleted = false;
      t.images.put = async (key, bytes) => {
        if (!isDeleted) {
          isDeleted = true;
          await deleteSession('London open');
        }
        return put(key, bytes);
      };

      expect(await importFile(t.app, trader.cookie, zip)).toEqual({
        rulesAdded: 0,
        rulesMatched: 3,
        sessionsAdded: 1,
        sessionsSkipped: 2,
      });
      const view = await traderView(t, trader.cookie);
      expect(view.sessions.map(({ name, screenshot }) => [name, screenshot?.width])).toEqual([
        ['Tokyo', 64],
        ['New York', undefined],
      ]);
    });

    test('into an account with rules: a rule of the same text is matched, not repeated', async () => {
      await seedHistory(trader.cookie);
      const zip = await exportZip(t.app, trader.cookie);
      const other = await createLoggedInUser(t.app);
      const [own] = await createRules(t.app, other.cookie, [
        { description: 'No revenge trades' },
        { description: 'Journal every trade' },
      ]);

      expect(await importFile(t.app, other.cookie, zip)).toMatchObject({
        rulesAdded: 2,
        rulesMatched: 1,
        sessionsAdded: 3,
      });
      const { rules } = await traderView(t, other.cookie);
      expect(rules.map((rule) => rule.description)).toEqual([
        'No revenge trades',
        'Journal every trade',
        'Follow stop loss',
        'Max 1% risk',
      ]);
      // The imported sessions' items point at the trader's own rule.
      const items = await t.database.db
        .selectFrom('session_rule_results')
        .select('rule_id')
        .where('user_id', '=', other.user.id)
        .where('rule_description', '=', 'No revenge trades')
        .execute();
      expect(items.map((item) => item.rule_id)).toEqual([own!.id, own!.id, own!.id]);
    });

    test('the rating is computed again from the checklist, not taken from the file', async () => {
      await seedHistory(trader.cookie);
      const document = readDocument(await exportZip(t.app, trader.cookie));
      const doctored = {
        ...document,
        sessions: document.sessions
          .filter((session) => !session.screenshot)
          .map((session) => ({ ...session, complianceRating: 100 })),
      };
      const target = await startOver(trader);
      await importFile(t.app, target.cookie, doctored);
      const { sessions } = await traderView(t, target.cookie);
      expect(sessions.map((session) => session.complianceRating)).toEqual([25]);
    });

    test('sessions in a thousand different months are imported and counted, month by month', async () => {
      const months = Array.from({ length: 1000 }, (_, index) => {
        const year = 1930 + Math.floor(index / 12);
        return `${year}-${String((index % 12) + 1).padStart(2, '0')}`;
      });
      const result = await importFile(t.app, trader.cookie, {
        format: EXPORT_FORMAT,
        version: EXPORT_VERSION,
        exportedAt: '2026-12-06T10:00:00.000Z',
        profile: { username: 'ann', fullName: 'Ann', email: 'ann@example.com', companyName: null },
        rules: [{ id: 7, description: 'Follow stop loss', notes: null, position: 0 }],
        sessions: months.map((month, index) => ({
          uid: `session-${index}`,
          name: `Session ${index}`,
          date: `${month}-14`,
          sessionType: null,
          notes: null,
          complianceRating: 0,
          checklist: [{ ruleId: 7, description: 'Follow stop loss', followed: index % 2 === 0 }],
          screenshot: null,
          createdAt: '2026-12-06T09:00:00.000Z',
        })),
      } satisfies ExportFileInput);
      expect(result.sessionsAdded).toBe(1000);

      const { db } = t.database;
      const counted = await db
        .selectFrom('month_stats')
        .select(['month', 'session_count'])
        .orderBy('month')
        .execute();
      expect(counted.map((row) => row.month)).toEqual(months);
      expect(counted.every((row) => Number(row.session_count) === 1)).toBe(true);
      const rule = await db
        .selectFrom('rule_stats')
        .select(['followed_count', 'total_count'])
        .executeTakeFirstOrThrow();
      expect([Number(rule.followed_count), Number(rule.total_count)]).toEqual([500, 1000]);
    });

    test('an unknown market session becomes none; the bare JSON imports without images', async () => {
      await seedHistory(trader.cookie);
      const document = readDocument(await exportZip(t.app, trader.cookie));
      const target = await startOver(trader);
      const result = await importFile(t.app, target.cookie, {
        ...document,
        sessions: document.sessions
          .filter((session) => !session.screenshot)
          .map((session) => ({ ...session, sessionType: 'Frankfurt' })),
      });
      expect(result.sessionsAdded).toBe(1);
      const { sessions } = await traderView(t, target.cookie);
      expect(sessions[0]?.sessionTypeId).toBeNull();
    });

    test("another trader's data never appears in an export", async () => {
      const other = await createLoggedInUser(t.app);
      await seedHistory(other.cookie);
      await createRules(t.app, trader.cookie, [{ description: 'Mine only' }]);
      const zip = await exportZip(t.app, trader.cookie);
      const files = unzipSync(zip);
      expect(Object.keys(files).sort()).toEqual(['export.json', 'sessions.csv']);
      const document = readDocument(zip);
      expect(document.rules.map((rule) => rule.description)).toEqual(['Mine only']);
      expect(document.sessions).toEqual([]);
      expect(strFromU8(files['sessions.csv']!).split('\r\n')).toHaveLength(2);
    });

    test('importing past 100 rules is refused whole', async () => {
      await createRules(
        t.app,
        trader.cookie,
        Array.from({ length: 99 }, (_, index) => ({ description: `Rule ${index}` })),
      );
      const other = await createLoggedInUser(t.app);
      await createRules(t.app, other.cookie, [{ description: 'A' }, { description: 'B' }]);
      const zip = await exportZip(t.app, other.cookie);
      const before = await everything(t);
      const response = await postImport(t.app, trader.cookie, zip);
      expect(response.statusCode).toBe(409);
      expect(response.json()).toEqual({
        message: 'Importing this file would give you 101 trading rules: you can keep at most 100',
      });
      expect(await everything(t)).toEqual(before);
    });
  });

  describe('access', () => {
    test('every route needs a login', async () => {
      for (const [method, url] of [
        ['GET', '/api/export'],
        ['GET', '/api/export/sessions.csv'],
        ['POST', '/api/import'],
      ] as const) {
        const response = await t.app.inject({ method, url });
        expect(response.statusCode, url).toBe(401);
        expect(response.json()).toEqual({ message: 'You are not logged in' });
      }
    });

    test('a body of another type is not an export', async () => {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/import',
        headers: { cookie: trader.cookie, 'content-type': 'text/plain' },
        payload: 'hello',
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ message: 'This is not a Rulekeeper export file' });
    });
  });
});
