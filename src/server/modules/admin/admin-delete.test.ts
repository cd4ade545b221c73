import { afterEach, beforeEach, expect, test } from 'vitest';
import type { AdminUsersPage } from '#shared/schemas/admin.ts';
import { createNoticeJobs } from '#server/modules/notices/notice-jobs.ts';
import { countRowsOf, createUserAsAdmin } from '#testing/admin.ts';
import { createLoggedInUser, login } from '#testing/factories.ts';
import { createPng, toDataUrl } from '#testing/images.ts';
import { createRules } from '#testing/rules.ts';
import { createSession } from '#testing/sessions.ts';
import { createTestApp, describeEachDialect, type TestApp } from '#testing/test-app.ts';

type Account = Awaited<ReturnType<typeof createLoggedInUser>>;

/**
 * A trader with a bit of everything: rules, sessions with checklists and screenshots (so month
 * summaries), a profile picture and two logins. Answers the files that are theirs.
 */
async function giveEverything(t: TestApp, account: Account): Promise<string[]> {
  const png = toDataUrl(await createPng());
  const rules = await createRules(t.app, account.cookie, [
    { description: 'Stop loss', notes: 'Always' },
    { description: 'No revenge trades' },
  ]);
  const sessions = [];
  for (const date of ['2026-01-10', '2026-02-11']) {
    sessions.push(
      await createSession(t.app, account.cookie, {
        date,
        screenshotData: png,
        rulesFollowed: rules.map((rule, i) => ({ ruleId: rule.id, followed: i === 0 })),
      }),
    );
  }
  // A weekly report: written for every trader with sessions, once per week (theirs included).
  await createNoticeJobs({ database: t.database, isMailConfigured: false }).writeWeeklyReports(
    new Date('2026-03-02T13:00:00Z'),
  );
  const profile = await t.app.inject({
    method: 'PUT',
    url: '/api/auth/update-profile',
    headers: { cookie: account.cookie },
    payload: { avatar: png },
  });
  expect(profile.statusCode).toBe(200);
  await login(t.app, account.username, account.password); // a second browser
  const avatar = profile.json<{ user: { avatar: string } }>().user.avatar.split('/').pop()!;
  return [
    `avatars/${avatar}`,
    ...sessions.flatMap((session) => [
      `screenshots/${session.screenshotPath}`,
      `thumbnails/${session.screenshotPath}.webp`,
    ]),
  ].sort();
}

describeEachDialect('deleting a user removes all of their data', (dialect) => {
  let t: TestApp;
  let admin: Account;
  beforeEach(async () => {
    t = await createTestApp(dialect);
    admin = await createLoggedInUser(t.app);
  });
  afterEach(() => t.close());

  test('rows of every table, files, and the login; other users untouched', async () => {
    const doomed = await createLoggedInUser(t.app);
    const other = await createLoggedInUser(t.app);
    const doomedFiles = await giveEverything(t, doomed);
    const otherFiles = await giveEverything(t, other);
    const before = await countRowsOf(t.database, doomed.user.id);
    // Every table held something of theirs, so the test proves each is emptied.
    for (const [table, count] of Object.entries(before)) expect(count, table).toBeGreaterThan(0);
    const otherBefore = await countRowsOf(t.database, other.user.id);
    expect(await t.listImageFiles()).toEqual([...doomedFiles, ...otherFiles].sort());

    const response = await t.app.inject({
      method: 'DELETE',
      url: `/api/admin/users/${doomed.user.id}`,
      headers: { cookie: admin.cookie },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ ok: true });

    expect(Object.values(await countRowsOf(t.database, doomed.user.id))).toEqual(
      Object.values(before).map(() => 0),
    );
    expect(await t.listImageFiles()).toEqual(otherFiles);
    expect(await countRowsOf(t.database, other.user.id)).toEqual(otherBefore);

    // Their cookie is refused at once; the other trader carries on.
    const refused = await t.app.inject({
      method: 'GET',
      url: '/api/rules',
      headers: { cookie: doomed.cookie },
    });
    expect(refused.statusCode).toBe(401);
    const session = await t.app.inject({
      method: 'GET',
      url: '/api/auth/session',
      headers: { cookie: doomed.cookie },
    });
    expect(session.json()).toEqual({ authenticated: false, user: null });
    const rules = await t.app.inject({
      method: 'GET',
      url: '/api/rules',
      headers: { cookie: other.cookie },
    });
    expect(rules.json<{ rules: unknown[] }>().rules).toHaveLength(2);

    // Gone from the list, and a second delete finds nothing.
    const list = await t.app.inject({
      method: 'GET',
      url: '/api/admin/users',
      headers: { cookie: admin.cookie },
    });
    expect(list.json<AdminUsersPage>().users.map((user) => user.id)).not.toContain(doomed.user.id);
    const again = await t.app.inject({
      method: 'DELETE',
      url: `/api/admin/users/${doomed.user.id}`,
      headers: { cookie: admin.cookie },
    });
    expect(again.statusCode).toBe(404);
    // The username is free again.
    await createUserAsAdmin(t.app, admin.cookie, { username: doomed.username });
  });

  test('another administrator can be deleted while one remains', async () => {
    const second = await createUserAsAdmin(t.app, admin.cookie, { isAdmin: true });
    const response = await t.app.inject({
      method: 'DELETE',
      url: `/api/admin/users/${admin.user.id}`,
      headers: { cookie: second.cookie },
    });
    expect(response.statusCode).toBe(200);
    const stale = await t.app.inject({
      method: 'GET',
      url: '/api/admin/users',
      headers: { cookie: admin.cookie },
    });
    expect(stale.statusCode).toBe(401);
  });
});
