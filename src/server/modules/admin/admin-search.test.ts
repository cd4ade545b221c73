import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import type { AdminUsersPage } from '#shared/schemas/admin.ts';
import { createUserAsAdmin } from '#testing/admin.ts';
import { createLoggedInUser } from '#testing/factories.ts';
import { expectRefusedQuery } from '#testing/requests.ts';
import { createTestApp, describeEachDialect, type TestApp } from '#testing/test-app.ts';
import { userSearchText } from '../users/user-search.ts';
import { createUsersRepository } from '../users/users.repository.ts';

type Account = Awaited<ReturnType<typeof createLoggedInUser>>;

describeEachDialect("the administrator's search of the accounts", (dialect) => {
  let t: TestApp;
  let admin: Account;
  beforeEach(async () => {
    t = await createTestApp(dialect);
    admin = await createLoggedInUser(t.app, { username: 'boss', email: 'boss@example.com' });
  });
  afterEach(() => t.close());

  const search = async (words: string, extra = '') => {
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/admin/users?search=${encodeURIComponent(words)}${extra}`,
      headers: { cookie: admin.cookie },
    });
    expect(response.statusCode, words).toBe(200);
    return response.json<AdminUsersPage>();
  };
  const usernamesFound = async (words: string) =>
    (await search(words)).users.map((user) => user.username);

  /** Three accounts, created in this order (so listed newest first: roe, jdoe, elodie_m). */
  const createThree = async () => {
    await createUserAsAdmin(t.app, admin.cookie, {
      username: 'elodie_m',
      fullName: 'Élodie Martin',
      email: 'em@alpha.test',
      companyName: 'Alpha Capital',
    });
    await createUserAsAdmin(t.app, admin.cookie, {
      username: 'jdoe',
      fullName: 'Jane Doe',
      email: 'jane@beta.test',
      companyName: 'Beta Trading',
    });
    await createUserAsAdmin(t.app, admin.cookie, {
      username: 'jane_roe',
      fullName: 'Jane Roe',
      email: 'roe@alpha.test',
    });
  };

  test('finds by username, full name, email or company, without regard to case or Unicode form', async () => {
    await createThree();
    expect(await usernamesFound('ÉLODIE')).toEqual(['elodie_m']);
    // Full-width letters are the same letters (NFKC).
    expect(await usernamesFound('ｍａｒｔｉｎ')).toEqual(['elodie_m']);
    expect(await usernamesFound('jane')).toEqual(['jane_roe', 'jdoe']);
    expect(await usernamesFound('BETA')).toEqual(['jdoe']);
    expect(await usernamesFound('alpha')).toEqual(['jane_roe', 'elodie_m']);
    expect(await usernamesFound('Capital')).toEqual(['elodie_m']);
  });

  test('each word must be found, in any field', async () => {
    await createThree();
    expect(await usernamesFound('jane alpha')).toEqual(['jane_roe']);
    expect(await usernamesFound('  alpha   jane ')).toEqual(['jane_roe']);
    expect(await usernamesFound('jane gamma')).toEqual([]);
  });

  test("the search's own characters are taken as written: % and _ are no wildcards", async () => {
    await createThree();
    expect(await usernamesFound('%')).toEqual([]);
    expect(await usernamesFound('_')).toEqual(['jane_roe', 'elodie_m']);
    expect(await usernamesFound('j_oe')).toEqual([]);
    expect(await usernamesFound('\\')).toEqual([]);
    expect(await usernamesFound("o'r")).toEqual([]);
  });

  test('a backslash is a character like any other', async () => {
    await createThree();
    await createUserAsAdmin(t.app, admin.cookie, { username: 'slash', companyName: 'Desk A\\B' });
    expect(await usernamesFound('\\')).toEqual(['slash']);
    expect(await usernamesFound('a\\b')).toEqual(['slash']);
    expect(await usernamesFound('\\%')).toEqual([]);
  });

  test('a Greek name is found by its first letters, whichever sigma ends them', async () => {
    await createUserAsAdmin(t.app, admin.cookie, {
      username: 'aspasia',
      fullName: 'Ασπασία Νίκου',
    });
    expect(await usernamesFound('ΑΣ')).toEqual(['aspasia']);
    expect(await usernamesFound('ας')).toEqual(['aspasia']);
    expect(await usernamesFound('ΑΣΠΑΣΊΑ')).toEqual(['aspasia']);
  });

  test('a blank search lists everyone', async () => {
    await createThree();
    expect(await usernamesFound('   ')).toEqual(['jane_roe', 'jdoe', 'elodie_m', 'boss']);
  });

  test('the matches come a page at a time, newest first, without the others', async () => {
    const acme: number[] = [];
    for (let i = 0; i < 5; i++) {
      const created = await createUserAsAdmin(t.app, admin.cookie, { companyName: 'Acme Desk' });
      acme.push(created.user.id);
      await createUserAsAdmin(t.app, admin.cookie, { companyName: 'Other Desk' });
    }
    const seen: number[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const page: AdminUsersPage = await search(
        'acme',
        `&limit=2${cursor ? `&cursor=${cursor}` : ''}`,
      );
      seen.push(...page.users.map((user) => user.id));
      cursor = page.nextCursor;
      pages += 1;
    } while (cursor);
    expect(pages).toBe(3);
    expect(seen).toEqual(acme.reverse());
  });

  test('a change of name, email or company is found at once, and the old one no longer', async () => {
    const trader = await createUserAsAdmin(t.app, admin.cookie, {
      username: 'mover',
      fullName: 'Pat Before',
      email: 'pat@old.test',
    });
    const update = async (payload: object) => {
      const response = await t.app.inject({
        method: 'PUT',
        url: '/api/auth/update-profile',
        headers: { cookie: trader.cookie },
        payload,
      });
      expect(response.statusCode).toBe(200);
    };
    await update({ fullName: 'Pat After' });
    expect(await usernamesFound('before')).toEqual([]);
    expect(await usernamesFound('after')).toEqual(['mover']);
    await update({ email: 'pat@new.test', companyName: 'Gamma Fund' });
    expect(await usernamesFound('old.test')).toEqual([]);
    expect(await usernamesFound('new.test gamma after')).toEqual(['mover']);
    // A change of other settings leaves the search as it was.
    await update({ preferences: { theme: 'dark' } });
    expect(await usernamesFound('gamma')).toEqual(['mover']);
  });

  test('changes of different fields sent at once leave the text of the row they leave', async () => {
    const trader = await createUserAsAdmin(t.app, admin.cookie, { username: 'racer' });
    const update = (payload: object) =>
      t.app.inject({
        method: 'PUT',
        url: '/api/auth/update-profile',
        headers: { cookie: trader.cookie },
        payload,
      });
    for (let round = 0; round < 10; round++) {
      const responses = await Promise.all([
        update({ fullName: `Racer Name${round}` }),
        update({ email: `racer${round}@example.com` }),
        update({ companyName: `Desk${round}` }),
      ]);
      expect(responses.map((response) => response.statusCode)).toEqual([200, 200, 200]);
    }
    const row = await t.database.db
      .selectFrom('users')
      .select(['username', 'full_name', 'email', 'company_name', 'search_text'])
      .where('username', '=', 'racer')
      .executeTakeFirstOrThrow();
    expect(row.search_text).toBe('racer\nracer name9\nracer9@example.com\ndesk9');
  });

  test('a search that cannot be one: 400 naming it', async () => {
    const url = '/api/admin/users?search=';
    await expectRefusedQuery(t.app, admin.cookie, `${url}${'a'.repeat(101)}`, 'search');
    await expectRefusedQuery(t.app, admin.cookie, `${url}a%0Ab`, 'search');
    await expectRefusedQuery(t.app, admin.cookie, `${url}a%00`, 'search');
    await expectRefusedQuery(t.app, admin.cookie, `${url}a&search=b`, 'search');
    expect((await search('a'.repeat(100))).users).toEqual([]);
  });

  test('a trader cannot search: 403', async () => {
    const trader = await createLoggedInUser(t.app);
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/admin/users?search=boss',
      headers: { cookie: trader.cookie },
    });
    expect(response.statusCode).toBe(403);
  });

  describe('accounts without a search text (after migration 0011, or an earlier release)', () => {
    test('the start writes each one, over more than one batch, as the writes would', async () => {
      const rows = Array.from({ length: 501 }, (_, i) => ({
        username: `Migrated_${i}`,
        username_normalized: `migrated_${i}`,
        password_hash: 'x',
        full_name: `Ｍigrated Trader ${i}`,
        email: `m${i}@example.com`,
        company_name: i % 2 ? null : 'Old Desk',
      }));
      await t.database.db.insertInto('users').values(rows).execute();
      const users = createUsersRepository(t.database);
      expect(await users.fillMissingSearchTexts()).toBe(501);
      expect(await users.fillMissingSearchTexts()).toBe(0);
      const stored = await t.database.db
        .selectFrom('users')
        .select(['username', 'full_name', 'email', 'company_name', 'search_text'])
        .execute();
      expect(stored).toHaveLength(502);
      for (const user of stored) {
        expect(user.search_text, user.username).toBe(
          userSearchText({
            username: user.username,
            fullName: user.full_name,
            email: user.email,
            companyName: user.company_name,
          }),
        );
      }
      expect((await search('migrated trader 501')).users).toEqual([]);
      expect((await search('migrated trader 500 old')).users).toHaveLength(1);
      expect((await search('MIGRATED_499 desk')).users).toEqual([]);
      expect((await search('MIGRATED_498 desk')).users).toHaveLength(1);
    });

    test('an account that has its text already is left as it is', async () => {
      await t.database.db
        .insertInto('users')
        .values({
          username: 'late',
          username_normalized: 'late',
          password_hash: 'x',
          full_name: 'Late Writer',
          email: 'late@example.com',
          search_text: 'already written',
        })
        .execute();
      expect(await createUsersRepository(t.database).fillMissingSearchTexts()).toBe(0);
      expect((await search('already')).users.map((user) => user.username)).toEqual(['late']);
    });
  });
});
