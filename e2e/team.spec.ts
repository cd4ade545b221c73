import { expect, request, test, type APIRequestContext, type Page } from '@playwright/test';
import {
  buildAccount,
  createSharingTrader,
  showEverySharer,
  createUserThroughApi,
  logInRequestAsAdmin,
  openSecondBrowser,
  userCard,
} from './admin-support.ts';
import { daysBefore } from './analytics-support.ts';
import {
  checklist,
  chooseSessionType,
  createSession,
  localToday,
  openNewSessionDialog,
} from './session-support.ts';
import {
  ADMIN,
  createRules,
  expectNoSeriousViolations,
  expectToast,
  holdRequests,
  logInAsNewTrader,
  logInNewTraderThroughApi,
  logInWithForm,
} from './support.ts';

interface TeamMember {
  id: number;
  fullName: string;
  compliance: number | null;
  sessionCount: number;
  currentStreak: number;
}

/** The team list as the API gives it to the administrator logged in on `requester`. */
async function fetchTeam(requester: APIRequestContext, today: string, query = '') {
  const response = await requester.get(`/api/admin/team?today=${today}&limit=200${query}`);
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as { traders: TeamMember[] }).traders;
}

/** Three rules and three sessions over the last days: 100%, 67% and 100% today. */
async function seedSessions(page: Page, today: string) {
  await createRules(page, [
    { description: 'Trade the plan' },
    { description: 'Stop after two losses' },
    { description: 'No revenge trades' },
  ]);
  const seeds: [string, number][] = [
    [daysBefore(today, 2), 3],
    [daysBefore(today, 1), 2],
    [today, 3],
  ];
  for (const [date, followed] of seeds) {
    await createSession(page, {
      name: `Session ${date}`,
      date,
      rulesFollowed: await checklist(page, followed),
    });
  }
}

/** The table's rows, as the trader names they start with. */
function teamTable(page: Page) {
  return page.getByRole('table', { name: 'Sharing traders' });
}

/**
 * The table's rows are in the API's order. Other tests' traders may start sharing or record a
 * session meanwhile (the tests share one server), which can reorder them between the screen's
 * read and ours: the API's list is compared on the names the screen shows, and a mismatch is
 * read again after a reload, which keeps the sort in the address.
 */
async function expectRowsInApiOrder(page: Page, today: string, query: string) {
  const table = teamTable(page);
  let attempt = 0;
  await expect(async () => {
    if (attempt++ > 0) await page.reload();
    await expect(table.locator('tbody th[scope="row"] a').first()).toBeVisible();
    await expect(table.locator('xpath=ancestor::*[@aria-busy="true"]')).toHaveCount(0);
    const shown = await table.locator('tbody th[scope="row"] a').allTextContents();
    const api = (await fetchTeam(page.request, today, query)).map((item) => item.fullName);
    expect(shown.length).toBeGreaterThan(0);
    expect(shown).toEqual(api.filter((name) => shown.includes(name)));
  }).toPass({ timeout: 20_000 });
}

/**
 * Logs in on `page` as an administrator of their own who shares their figures, so that no
 * other test's list changes with theirs.
 */
async function logInSharingAdministrator(page: Page, baseURL: string | undefined) {
  const admin = await request.newContext({ baseURL });
  await logInRequestAsAdmin(admin);
  const lead = buildAccount('lead');
  await createUserThroughApi(admin, lead, true);
  await admin.dispose();
  await logInWithForm(page, lead);
  const shared = await page.request.put('/api/auth/update-profile', {
    data: { preferences: { sharing: { discipline: true } } },
  });
  expect(shared.status(), await shared.text()).toBe(200);
  return lead;
}

async function logInAdminOn(page: Page) {
  await logInWithForm(page, ADMIN);
}

test('a trader shares, the administrator sees, sorts and opens them; when they stop sharing they are gone', async ({
  page,
  browser,
  baseURL,
}) => {
  // Two browsers and two logins: longer than one screen's test on a busy machine.
  test.slow();
  const trader = await logInNewTraderThroughApi(page.request);
  const today = await localToday(page);
  await seedSessions(page, today);

  // The trader turns sharing on in Settings: saved at once, with a toast.
  await page.goto('/settings');
  const sharing = page.getByRole('region', { name: 'Sharing' });
  const sharingSwitch = sharing.getByRole('switch', {
    name: 'Share my discipline figures with administrators',
  });
  await expect(sharingSwitch).not.toBeChecked();
  await expect(sharing.getByText(/Never shared: your notes, screenshots, money/)).toBeVisible();
  await sharingSwitch.click();
  await expectToast(page, 'Settings Saved', 'Administrators can now see your discipline figures.');
  await expect(sharingSwitch).toBeChecked();

  // The administrator, at another desk, opens Team discipline from the sidebar.
  const desk = await openSecondBrowser(browser, baseURL);
  try {
    const admin = desk.page;
    await logInAdminOn(admin);
    await admin
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Team discipline' })
      .click();
    await expect(admin).toHaveURL(/\/admin\/team$/);
    await expect(admin.getByRole('heading', { name: 'Team discipline', level: 1 })).toBeVisible();

    const member = (await fetchTeam(admin.request, today)).find(
      (item) => item.fullName === trader.fullName,
    );
    expect(member).toMatchObject({ compliance: 89, sessionCount: 3, currentStreak: 1 });
    const row = teamTable(admin).getByRole('row').filter({ hasText: trader.fullName });
    await expect(row).toContainText(`${member!.compliance}%`);
    await expect(row).toContainText('3 sessions');
    await expect(row).toContainText(`@${trader.username}`);
    await expect(row).toContainText('No revenge trades');
    await expect(row).not.toContainText(trader.email);

    // Sorting: the headers are buttons; aria-sort says the order; the rows follow the API's.
    const table = teamTable(admin);
    const nameHeader = table.getByRole('columnheader', { name: 'Trader', exact: true });
    await expect(nameHeader).toHaveAttribute('aria-sort', 'ascending');
    const complianceHeader = table.getByRole('columnheader', { name: '30-day compliance' });
    await expect(complianceHeader).toHaveAttribute('aria-sort', 'none');
    // Until the new order's rows arrive, the rows shown are in the last order: so say the
    // headers, while the table is marked busy.
    const release = await holdRequests(admin, /\/api\/admin\/team\?.*sort=compliance/);
    await complianceHeader.getByRole('button').click();
    await expect(admin).toHaveURL(/sort=compliance&order=desc/);
    await expect(table.locator('xpath=ancestor::*[@aria-busy="true"]')).toHaveCount(1);
    await expect(nameHeader).toHaveAttribute('aria-sort', 'ascending');
    await expect(complianceHeader).toHaveAttribute('aria-sort', 'none');
    release();
    await expect(complianceHeader).toHaveAttribute('aria-sort', 'descending');
    await expect(nameHeader).toHaveAttribute('aria-sort', 'none');
    await expect(admin).toHaveURL(/sort=compliance&order=desc/);
    await expectRowsInApiOrder(admin, today, '&sort=compliance&order=desc');
    await complianceHeader.getByRole('button').click();
    await expect(complianceHeader).toHaveAttribute('aria-sort', 'ascending');
    await expectRowsInApiOrder(admin, today, '&sort=compliance&order=asc');

    // The drill-down: the analytics cards over the trader's figures, and their streaks.
    await row.getByRole('link', { name: trader.fullName }).click();
    await expect(admin).toHaveURL(new RegExp(`/admin/team/${member!.id}$`));
    await expect(admin.getByRole('heading', { name: trader.fullName, level: 1 })).toBeVisible();
    const overall = admin.getByRole('region', { name: 'Overall Compliance' });
    await expect(overall).toContainText('8 of 9 rules followed');
    const streaks = admin.getByRole('region', { name: 'Streaks' });
    await expect(streaks).toContainText('Trade the plan');
    await expect(
      admin
        .getByRole('region', { name: 'Rule Compliance Details' })
        .getByText('Stop after two losses'),
    ).toBeVisible();

    // The trader stops sharing.
    await sharingSwitch.click();
    await expectToast(
      page,
      'Settings Saved',
      'Administrators no longer see your discipline figures.',
    );
    await expect(sharingSwitch).not.toBeChecked();

    // The administrator's reload of the drill-down finds no trader; the list no longer has them.
    await admin.reload();
    await expect(admin.getByRole('heading', { name: 'Trader not found' })).toBeVisible();
    await expect(admin.getByRole('region', { name: 'Overall Compliance' })).toHaveCount(0);
    // No figures, so no range to choose.
    await expect(admin.getByRole('combobox', { name: 'Range' })).toHaveCount(0);
    await admin.getByRole('link', { name: 'Back to Team discipline' }).click();
    await expect(admin).toHaveURL(/\/admin\/team$/);
    await admin.reload();
    await expect(admin.getByRole('heading', { name: 'Team discipline', level: 1 })).toBeVisible();
    await expect(admin.getByRole('status', { name: "Loading the team's figures" })).toHaveCount(0);
    await expect(admin.getByText(trader.fullName)).toHaveCount(0);
  } finally {
    await desk.close();
  }
});

test('a sharing trader without sessions is no praise, and their drill-down speaks of them, not of the administrator', async ({
  page,
  baseURL,
}) => {
  const { account, context } = await createSharingTrader(baseURL);
  try {
    const { user } = (await (await context.get('/api/auth/session')).json()) as {
      user: { id: number };
    };
    await logInAdminOn(page);
    await showEverySharer(page);
    await page.goto('/admin/team');
    const row = teamTable(page).getByRole('row').filter({ hasText: account.fullName });
    await expect(row).toContainText('No sessions');
    await expect(row).toContainText('No rules checked');
    await expect(row).not.toContainText('None broken');

    await row.getByRole('link', { name: account.fullName }).click();
    await expect(page).toHaveURL(new RegExp(`/admin/team/${user.id}$`));
    await expect(
      page
        .getByRole('region', { name: 'Monthly Compliance Trends' })
        .getByText('Their monthly trends show once they complete more trading sessions.'),
    ).toBeVisible();
    await expect(page.getByText('Their overall trading discipline rating')).toBeVisible();
    await expect(page.getByRole('main').getByText(/\byour\b/i)).toHaveCount(0);

    // An id the API cannot take (past the ids' range) names no trader either.
    await page.goto('/admin/team/3000000000');
    await expect(page.getByRole('heading', { name: 'Trader not found' })).toBeVisible();
    await expect(page.getByText('could not be loaded')).toHaveCount(0);
  } finally {
    await context.dispose();
  }
});

test('a sharing trader who checked no rule, or broke only rules deleted since, is no praise either', async ({
  page,
  baseURL,
}) => {
  const unchecked = await createSharingTrader(baseURL);
  const deletedOnly = await createSharingTrader(baseURL);
  try {
    const today = await localToday(page);
    await createSession(unchecked.context, { name: 'Before any rule', date: today });

    const added = await deletedOnly.context.post('/api/rules', {
      data: { description: 'A rule since deleted' },
    });
    expect(added.status(), await added.text()).toBe(201);
    const { rule } = (await added.json()) as { rule: { id: number } };
    await createSession(deletedOnly.context, {
      name: 'Broke it',
      date: today,
      rulesFollowed: [{ ruleId: rule.id, followed: false }],
    });
    expect((await deletedOnly.context.delete(`/api/rules/${rule.id}`)).status()).toBe(200);

    await logInAdminOn(page);
    await showEverySharer(page);
    await page.goto('/admin/team');
    const rowOf = (fullName: string) =>
      teamTable(page).getByRole('row').filter({ hasText: fullName });
    // A session of no rules: rated, and nothing to praise or blame.
    await expect(rowOf(unchecked.account.fullName)).toContainText('No rules checked');
    // Broken, then deleted: 0%, and not 'None broken' beside it.
    await expect(rowOf(deletedOnly.account.fullName)).toContainText('0%');
    await expect(rowOf(deletedOnly.account.fullName)).toContainText('Only deleted rules broken');
  } finally {
    await unchecked.context.dispose();
    await deletedOnly.context.dispose();
  }
});

test('a trader opening the team pages sees Not allowed, and has no link to them', async ({
  page,
}) => {
  await logInAsNewTrader(page);
  await expect(
    page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Team discipline' }),
  ).toHaveCount(0);
  for (const path of ['/admin/team', '/admin/team/1']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { name: 'Not allowed' })).toBeVisible();
  }
});

test('Team discipline and the drill-down have no serious accessibility violations', async ({
  page,
  baseURL,
}) => {
  // A sharing trader with sessions.
  const { account, context } = await createSharingTrader(baseURL);
  try {
    const rule = await context.post('/api/rules', { data: { description: 'Wait for the setup' } });
    const { rule: created } = (await rule.json()) as { rule: { id: number } };
    const today = new Date().toISOString().slice(0, 10);
    await createSession(context, {
      name: 'Morning',
      date: daysBefore(today, 1),
      rulesFollowed: [{ ruleId: created.id, followed: false }],
    });

    await logInAdminOn(page);
    await page.goto('/admin/team');
    const row = teamTable(page).getByRole('row').filter({ hasText: account.fullName });
    await expect(row).toBeVisible();
    await expectNoSeriousViolations(page);

    // On a phone the table scrolls inside its card; the page itself does not scroll sideways.
    await page.setViewportSize({ width: 390, height: 800 });
    await expect(row).toBeVisible();
    // (An sr-only text positioned outside the scrolling box would widen the page.)
    await expect
      .poll(() => page.evaluate(() => document.documentElement.scrollWidth))
      .toBeLessThanOrEqual(390);
    await page.setViewportSize({ width: 1280, height: 720 });

    await row.getByRole('link', { name: account.fullName }).click();
    await expect(page.getByRole('heading', { name: account.fullName, level: 1 })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Streaks' })).toContainText('Wait for the setup');
    await expectNoSeriousViolations(page);
  } finally {
    await context.dispose();
  }
});

test('the list comes a page at a time: Load more adds the next, another order starts again', async ({
  page,
  baseURL,
}) => {
  const sharers = await Promise.all([0, 1, 2].map(() => createSharingTrader(baseURL)));
  for (const { context } of sharers) await context.dispose();
  // Pages of two instead of fifty, from the real server: the screen's paging is what is tested.
  // Each answer comes late, so that every page shows its "Loading..." state, as it did only
  // now and then on a busy machine (where a loop that took it for the end stopped early).
  await page.route(/\/api\/admin\/team\?/, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 200));
    await route.continue({ url: `${route.request().url()}&limit=2` });
  });
  await logInAdminOn(page);
  await page.goto('/admin/team');
  const rows = teamTable(page).locator('tbody tr');
  await expect(rows).toHaveCount(2);

  // Every page, one click at a time, until the button is gone. While a page loads the button
  // says "Loading...": that is neither the end of the list nor a button to click yet.
  const loadMore = page.getByRole('button', { name: 'Load more' });
  const pagingButton = page.getByRole('button', { name: /^(Load more|Loading\.\.\.)$/ });
  const noneLeft = async () => (await pagingButton.count()) === 0;
  for (;;) {
    await expect.poll(async () => (await noneLeft()) || (await loadMore.isVisible())).toBe(true);
    if (await noneLeft()) break;
    const shown = await rows.count();
    await loadMore.click();
    // More rows, or none left to load (another test's trader may stop sharing meanwhile).
    await expect.poll(async () => (await rows.count()) > shown || (await noneLeft())).toBe(true);
  }
  const names = await teamTable(page).locator('tbody th[scope="row"] a').allTextContents();
  for (const { account } of sharers) expect(names).toContain(account.fullName);
  expect(new Set(names).size).toBe(names.length);
  await expectRowsInApiOrder(page, await localToday(page), '');

  // Another order: its first page only, and Load more again.
  await teamTable(page).getByRole('button', { name: '30-day compliance' }).click();
  await expect(page).toHaveURL(/sort=compliance&order=desc/);
  await expect(rows).toHaveCount(2);
  await expect(loadMore).toBeVisible();
});

test('an account the administrator deletes leaves the team list at once', async ({
  page,
  baseURL,
}) => {
  const { account, context } = await createSharingTrader(baseURL);
  await context.dispose();
  await showEverySharer(page);
  await logInAdminOn(page);
  const nav = page.getByRole('navigation', { name: 'Main' });
  await nav.getByRole('link', { name: 'Team discipline' }).click();
  const row = teamTable(page).getByRole('row').filter({ hasText: account.fullName });
  await expect(row).toHaveCount(1);

  await nav.getByRole('link', { name: 'Admin Panel' }).click();
  await userCard(page, account.fullName)
    .getByRole('button', { name: `Delete user ${account.username}` })
    .click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
  await expectToast(page, 'Success', 'User deleted successfully');

  await nav.getByRole('link', { name: 'Team discipline' }).click();
  await expect(teamTable(page).locator('tbody tr').first()).toBeVisible();
  await expect(row).toHaveCount(0);
});

test('a page of the list that cannot be read says so, and the list stays', async ({
  page,
  baseURL,
}) => {
  const sharers = await Promise.all([0, 1, 2].map(() => createSharingTrader(baseURL)));
  for (const { context } of sharers) await context.dispose();
  await page.route(/\/api\/admin\/team\?/, (route) =>
    /[?&]cursor=/.test(route.request().url())
      ? route.fulfill({ status: 500, json: { message: 'Something went wrong' } })
      : route.continue({ url: `${route.request().url()}&limit=2` }),
  );
  await logInAdminOn(page);
  await page.goto('/admin/team');
  const rows = teamTable(page).locator('tbody tr');
  await expect(rows).toHaveCount(2);
  await page.getByRole('button', { name: 'Load more' }).click();
  await expectToast(page, 'Error', 'Something went wrong');
  await expect(rows).toHaveCount(2);
  await expect(page.getByRole('button', { name: 'Load more' })).toBeEnabled();
});

test('a trader whose figures could not be read: every card says so, Streaks too, and Try again brings them', async ({
  page,
  baseURL,
}) => {
  const { account, context } = await createSharingTrader(baseURL);
  await context.dispose();
  await showEverySharer(page);
  // The trader's figures fail (asked by the screen: a page the server sends carries its answers).
  const figures = /\/api\/admin\/team\/\d+\/analytics/;
  await page.route(figures, (route) =>
    route.fulfill({ status: 500, json: { message: 'Something went wrong' } }),
  );
  await logInAdminOn(page);
  await page.goto('/admin/team');
  await teamTable(page).getByRole('link', { name: account.fullName }).click();
  const streaks = page.getByRole('region', { name: 'Streaks', exact: true });
  await expect(streaks.getByText('Their streaks could not be loaded.')).toBeVisible();
  await expect(streaks.getByRole('status', { name: 'Loading streaks' })).toHaveCount(0);

  await page.unroute(figures);
  await streaks.getByRole('button', { name: 'Try again' }).click();
  await expect(streaks.getByText('At 100%')).toBeVisible();
  await expect(page.getByRole('heading', { name: account.fullName, level: 1 })).toBeVisible();
});

test('an administrator who shares their figures sees a session they record in the team list at once', async ({
  page,
  baseURL,
}) => {
  const lead = await logInSharingAdministrator(page, baseURL);
  await createSession(page, { name: 'Before', date: await localToday(page) });
  await showEverySharer(page);
  const nav = page.getByRole('navigation', { name: 'Main' });
  await nav.getByRole('link', { name: 'Team discipline' }).click();
  const row = teamTable(page).getByRole('row').filter({ hasText: lead.fullName });
  await expect(row.getByRole('cell', { name: / 1 session$/ })).toBeVisible();

  // Recorded from the dashboard; the team list, kept from before, is read again on return.
  await nav.getByRole('link', { name: 'Dashboard' }).click();
  const dialog = await openNewSessionDialog(page);
  await dialog.getByLabel('Session Name').fill('After');
  await chooseSessionType(dialog, 'London (08:00-17:00)');
  await dialog.getByRole('button', { name: 'Save Session' }).click();
  await expectToast(page, 'Success', 'Trading session has been created');
  await nav.getByRole('link', { name: 'Team discipline' }).click();
  await expect(row.getByRole('cell', { name: / 2 sessions$/ })).toBeVisible();
});

test("an administrator who shares their figures sees a rule's new name in the team list at once", async ({
  page,
  baseURL,
}) => {
  const lead = await logInSharingAdministrator(page, baseURL);
  await createRules(page, [{ description: 'Stop after two losses' }]);
  // Broken once: the weakest rule of the 30 days.
  await createSession(page, {
    name: 'Broke it',
    date: await localToday(page),
    rulesFollowed: await checklist(page, 0),
  });
  // Written behind the app's back: the screen reads them afresh.
  await page.reload();
  await showEverySharer(page);
  const nav = page.getByRole('navigation', { name: 'Main' });
  await nav.getByRole('link', { name: 'Team discipline' }).click();
  const row = teamTable(page).getByRole('row').filter({ hasText: lead.fullName });
  await expect(row).toContainText('Stop after two losses');

  // Renamed on the rules page; the team list, kept from before, is read again on return.
  await nav.getByRole('link', { name: 'Trading Rules' }).click();
  await page.getByRole('button', { name: 'Edit rule: Stop after two losses' }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit Trading Rule' });
  await dialog.getByLabel('Rule Description').fill('No third trade after two losses');
  await dialog.getByRole('button', { name: 'Update Rule' }).click();
  await expectToast(page, 'Success', 'Trading rule has been updated');
  await nav.getByRole('link', { name: 'Team discipline' }).click();
  await expect(row).toContainText('No third trade after two losses');
  await expect(row).not.toContainText('Stop after two losses');
});
