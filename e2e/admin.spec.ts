import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import {
  buildAccount,
  createUserThroughApi,
  logInRequestAsAdmin,
  openSecondBrowser,
  openUserManagement,
  userCard,
} from './admin-support.ts';
import {
  createTrader,
  expectNoSeriousViolations,
  expectToast,
  holdRequests,
  logInAsNewTrader,
  logInWithForm,
  submitLoginForm,
  toastRegion,
} from './support.ts';

test('the administrator creates a user who logs in, then deletes them; their next action leads to login', async ({
  page,
  browser,
  baseURL,
}) => {
  // Two browsers and two logins: longer than one screen's test on a busy machine.
  test.slow();
  const account = buildAccount();
  await openUserManagement(page);

  await page.getByRole('button', { name: 'Create User' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create New User' });
  await expect(
    dialog.getByText('Create a new user account for the trading platform'),
  ).toBeVisible();
  await dialog.getByLabel('Username').fill(account.username);
  await expect(dialog.getByLabel('Password')).toHaveAccessibleDescription(
    'At least 8 characters; not a common password.',
  );
  await dialog.getByLabel('Password').fill('short');
  await expect(dialog.getByLabel('Password')).toHaveAttribute('type', 'password');
  await dialog.getByLabel('Full Name').fill(account.fullName);
  await dialog.getByLabel('Email').fill(account.email);
  await dialog.getByLabel('Trading Company (Optional)').fill('Acme Trading');
  await dialog.getByRole('button', { name: 'Create User' }).click();
  await expect(dialog.getByText('Password must be at least 8 characters')).toBeVisible();
  await expect(dialog.getByLabel('Password')).toBeFocused();

  await dialog.getByLabel('Password').fill(account.password);
  await dialog.getByRole('button', { name: 'Create User' }).click();
  await expectToast(page, 'Success', 'User created successfully');
  await expect(dialog).toBeHidden();
  const card = userCard(page, account.fullName);
  await expect(card.getByText(`@${account.username}`)).toBeVisible();
  await expect(card.getByText(account.email)).toBeVisible();
  await expect(card.getByText('Acme Trading')).toBeVisible();
  await expect(card.getByText('Administrator', { exact: true })).toHaveCount(0);
  // Reopened, the dialog starts empty.
  await page.getByRole('button', { name: 'Create User' }).click();
  await expect(dialog.getByLabel('Username')).toHaveValue('');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();

  // The new user logs in at another desk.
  const member = await openSecondBrowser(browser, baseURL);
  try {
    await logInWithForm(member.page, account);
    await expect(
      member.page.getByRole('heading', { name: `${account.fullName} Trading Dashboard` }),
    ).toBeVisible();
    // Every card has read what it shows (they come one after another): a read answered after
    // the delete would end the login itself, before the member's next action below.
    await expect(member.page.getByRole('heading', { name: 'Your Trading Rules' })).toBeVisible();
    await expect(member.page.getByRole('status', { name: /^Loading/ })).toHaveCount(0);

    await card.getByRole('button', { name: `Delete user ${account.username}` }).click();
    const confirm = page.getByRole('alertdialog');
    await expect(confirm).toContainText(
      `Are you sure you want to delete user "${account.username}"? This action cannot be undone.`,
    );
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expectToast(page, 'Success', 'User deleted successfully');
    await expect(userCard(page, account.fullName)).toHaveCount(0);

    // The deleted user's next action is refused, and the app returns them to the login screen.
    // (The history asks the server; the rules would come from the dashboard's cache.)
    await member.page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Session History' })
      .click();
    await expect(member.page).toHaveURL(/\/login$/);
    await expectToast(member.page, 'Your login has expired', 'Please log in again.');
    await submitLoginForm(member.page, account);
    await expectToast(member.page, 'Login Failed', 'Invalid username or password');
  } finally {
    await member.close();
  }
});

test('the administrator makes a trader an administrator and takes it back; their own card has no delete', async ({
  page,
  request,
}) => {
  const trader = await createTrader(request);
  await openUserManagement(page);
  const card = userCard(page, trader.fullName);
  await card.getByRole('button', { name: `Make administrator ${trader.username}` }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Make administrator?' });
  await confirm.getByRole('button', { name: 'Make administrator' }).click();
  await expectToast(page, 'Success', `${trader.username} is now an administrator`);
  await expect(card.getByText('Administrator', { exact: true })).toBeVisible();

  await card
    .getByRole('button', { name: `Remove administrator rights from ${trader.username}` })
    .click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Remove rights' }).click();
  await expectToast(page, 'Success', `${trader.username} is no longer an administrator`);
  await expect(card.getByText('Administrator', { exact: true })).toHaveCount(0);

  const own = userCard(page, 'Desk Administrator');
  await expect(own.getByText('You', { exact: true })).toBeVisible();
  await expect(own.getByRole('button')).toHaveCount(0);
});

/**
 * A second administrator (the deputy) logged in on `page` at User Management; answers the desk
 * administrator's taking of the deputy's rights, for while the deputy's screen is open.
 */
async function openAdminAsDeputy(page: Page, request: APIRequestContext) {
  await logInRequestAsAdmin(request);
  const deputy = buildAccount('deputy');
  const { user } = await createUserThroughApi(request, deputy, true);
  await logInWithForm(page, deputy);
  await page.goto('/admin');
  // The field shows before the list has been read: a first read answered after the demotion
  // would be the refusal, and the search the journey means to test would never be sent.
  await expect(page.getByRole('list', { name: 'Users' })).toBeVisible();
  return async () => {
    const demoted = await request.put(`/api/admin/users/${user.id}/role`, {
      data: { isAdmin: false },
    });
    expect(demoted.status()).toBe(200);
  };
}

test('an administrator demoted meanwhile is refused, and the screen then says it is not allowed', async ({
  page,
  request,
}) => {
  const trader = await createTrader(request);
  const demote = await openAdminAsDeputy(page, request);
  await expect(userCard(page, trader.fullName)).toBeVisible();
  await demote();

  await userCard(page, trader.fullName)
    .getByRole('button', { name: `Make administrator ${trader.username}` })
    .click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Make administrator' }).click();
  // Refused by the server (by the central access check, or by the service's own re-check).
  await expectToast(page, 'Error');
  await expect(page.getByRole('heading', { name: 'Not allowed', level: 1 })).toBeVisible();
  await expect(
    page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Admin Panel' }),
  ).toHaveCount(0);
});

test('an administrator demoted meanwhile whose next search is refused sees Not allowed, not a list that failed', async ({
  page,
  request,
}) => {
  const demote = await openAdminAsDeputy(page, request);
  const field = page.getByRole('search').getByRole('searchbox', { name: 'Search users' });
  await expect(field).toBeVisible();
  await demote();

  const refused = page.waitForResponse(
    (response) => response.url().includes('/api/admin/users?') && response.status() === 403,
  );
  await field.fill('nobody-by-this-name');
  await refused;
  await expect(page.getByRole('heading', { name: 'Not allowed', level: 1 })).toBeVisible();
  await expect(page.getByText('The users could not be loaded.')).toHaveCount(0);
  // The search field went with the page: focus goes on from the content, and the tab's title
  // says what is shown now.
  await expect(page.getByRole('main')).toBeFocused();
  await expect(page).toHaveTitle(/^Not allowed · /);
});

test('a trader has no Admin Panel entry, and /admin says it is not allowed', async ({ page }) => {
  await logInAsNewTrader(page);
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav.getByRole('link', { name: 'Settings' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Admin Panel' })).toHaveCount(0);
  await page.goto('/admin');
  await expect(page.getByRole('heading', { name: 'Not allowed', level: 1 })).toBeVisible();
  await expect(page.getByText('This page is for administrators only')).toBeVisible();
  await expect(page).toHaveTitle(/^Not allowed · /);
  await expect(page.getByRole('list', { name: 'Users' })).toHaveCount(0);
  // The layout stays: the trader can go on elsewhere.
  await nav.getByRole('link', { name: 'Dashboard' }).click();
  await expect(page).toHaveURL(/\/$/);
});

test('User Management and its dialog have no serious accessibility violations', async ({
  page,
}) => {
  await openUserManagement(page);
  await expectNoSeriousViolations(page);
  await page.getByRole('button', { name: 'Create User' }).click();
  await expect(page.getByRole('dialog', { name: 'Create New User' })).toBeVisible();
  await expectNoSeriousViolations(page);
});

test('a trader deletes their own account from Settings and is logged out, and not remembered', async ({
  page,
}) => {
  const account = await createTrader(page.request);
  // A login ignores case: the name typed is not the account's to the letter.
  await logInWithForm(page, { ...account, username: account.username.toUpperCase() }, true);
  await page.goto('/settings');
  const zone = page.getByRole('region', { name: 'Danger Zone' });
  await zone.getByRole('button', { name: 'Delete my account' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
  await expect(dialog).toContainText('This cannot be undone');
  await expectNoSeriousViolations(page);

  await dialog.getByLabel('Password').fill('not-my-password');
  await dialog.getByRole('button', { name: 'Delete my account' }).click();
  await expect(dialog.getByText('Password is incorrect')).toBeVisible();
  // Refused with a 400, not a 401: the login goes on.
  await expect(page).toHaveURL(/\/settings$/);
  await expect(toastRegion(page).getByText('Your login has expired')).toHaveCount(0);

  await dialog.getByLabel('Password').fill(account.password);
  await dialog.getByRole('button', { name: 'Delete my account' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expectToast(page, 'Account Deleted', 'Your account and all its data have been deleted.');
  // 'Remember me' kept the name for this login; the account is gone, and so is the name.
  await expect(page.getByLabel('Username')).toHaveValue('');
  await expect(page.getByRole('checkbox', { name: 'Remember me' })).not.toBeChecked();
  await submitLoginForm(page, account);
  await expectToast(page, 'Login Failed', 'Invalid username or password');
});

test("an administrator's own new name shows in the users list at once", async ({ page }) => {
  const account = buildAccount('deskadmin');
  await logInRequestAsAdmin(page.request);
  await createUserThroughApi(page.request, account, true);
  await page.request.post('/api/auth/logout');
  await logInWithForm(page, account);
  const nav = page.getByRole('navigation', { name: 'Main' });
  await nav.getByRole('link', { name: 'Admin Panel' }).click();
  await expect(userCard(page, account.fullName)).toBeVisible();

  await nav.getByRole('link', { name: 'Settings' }).click();
  const profile = page.getByRole('region', { name: 'Profile Settings' });
  const renamed = `${account.fullName} Renamed`;
  await profile.getByLabel('Full Name').fill(renamed);
  await profile.getByRole('button', { name: 'Save Profile' }).click();
  await expectToast(page, 'Settings Saved', 'Your settings have been updated successfully.');

  await nav.getByRole('link', { name: 'Admin Panel' }).click();
  await expect(userCard(page, renamed)).toBeVisible();
});

test('while the next search is read, the status still counts the list shown, more to come included', async ({
  page,
}) => {
  const tag = buildAccount('more').username.slice('more_'.length);
  await logInRequestAsAdmin(page.request);
  for (const name of ['Ada', 'Bob']) {
    await createUserThroughApi(page.request, {
      ...buildAccount(name.toLowerCase()),
      fullName: `${name} ${tag}`,
    });
  }
  await page.request.post('/api/auth/logout');
  // Pages of one instead of fifty, from the real server: two matches make a list with more.
  await page.route(/\/api\/admin\/users\?/, (route) =>
    route.continue({ url: `${route.request().url()}&limit=1` }),
  );
  await openUserManagement(page);
  const field = page.getByRole('search').getByRole('searchbox', { name: 'Search users' });
  await field.fill(tag);
  const status = page.getByRole('status').filter({ hasText: /users? match/ });
  await expect(status).toHaveText('1+ users match');

  const release = await holdRequests(page, /\/api\/admin\/users\?.*search=.*still/);
  await field.fill(`${tag} still`);
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(1);
  await expect(status).toHaveText('1+ users match');
  release();
  await expect(page.getByRole('heading', { name: `No users match “${tag} still”` })).toBeVisible();
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
});

test('the administrator finds accounts by a part of a name, email or company, and the search stays in the address', async ({
  page,
}) => {
  const tag = buildAccount('find').username.slice('find_'.length);
  await logInRequestAsAdmin(page.request);
  const ada = { ...buildAccount('ada'), fullName: `Ada ${tag}`, companyName: 'North Desk' };
  const bob = { ...buildAccount('bob'), fullName: `Bob ${tag}`, companyName: 'South Desk' };
  await createUserThroughApi(page.request, ada);
  await createUserThroughApi(page.request, bob);
  await page.request.post('/api/auth/logout');
  await openUserManagement(page);

  const users = page.getByRole('list', { name: 'Users' });
  const field = page.getByRole('search').getByRole('searchbox', { name: 'Search users' });
  await field.fill(tag.toUpperCase());
  await expect(page.getByRole('status').getByText('2 users match')).toBeVisible();
  await expect(users.getByRole('listitem')).toHaveCount(2);
  await expect(userCard(page, bob.fullName)).toBeVisible();
  await expect(userCard(page, ada.fullName)).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/admin\\?search=${tag.toUpperCase()}$`));

  await field.press('End');
  await field.pressSequentially(' north');
  await expect(page.getByRole('status').getByText('1 user matches')).toBeVisible();
  await expect(users.getByRole('listitem')).toHaveCount(1);
  await expect(userCard(page, ada.fullName)).toBeVisible();

  await page.reload();
  await expect(field).toHaveValue(`${tag.toUpperCase()} north`);
  const count = page.getByRole('status').filter({ hasText: '1 user matches' });
  await expect(count).toBeVisible();
  // Marked, to find the same element when nothing matches: a live region that came and went
  // with its words would often not be read out.
  await count.evaluate((element) => element.setAttribute('data-seen', 'at one match'));
  await expect(users.getByRole('listitem')).toHaveCount(1);
  await expect(userCard(page, ada.fullName)).toBeVisible();

  await field.fill(`${tag} nobody`);
  await expect(page.getByRole('heading', { name: `No users match “${tag} nobody”` })).toBeVisible();
  await expect(
    page.getByRole('status').filter({ hasText: `No users match “${tag} nobody”` }),
  ).toHaveAttribute('data-seen', 'at one match');
  await expectNoSeriousViolations(page);

  // While the next search is read, the last answer stays, marked busy: never the empty
  // database's 'No users found'.
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  const nextSearch = (url: URL) =>
    url.pathname === '/api/admin/users' && (url.searchParams.get('search') ?? '').includes('still');
  await page.route(nextSearch, async (route) => {
    await held;
    await route.continue();
  });
  await field.fill(`${tag} still nobody`);
  const lastAnswer = page.getByRole('heading', { name: `No users match “${tag} nobody”` });
  await expect(page.locator('[aria-busy="true"]').filter({ has: lastAnswer })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'No users found' })).toHaveCount(0);
  release();
  await expect(
    page.getByRole('heading', { name: `No users match “${tag} still nobody”` }),
  ).toBeVisible();
  await page.unroute(nextSearch);

  await page.getByRole('button', { name: 'Clear search' }).click();
  await expect(field).toHaveValue('');
  await expect(field).toBeFocused();
  await expect(page).toHaveURL(/\/admin$/);
  await expect(userCard(page, ada.fullName)).toBeVisible();
  await expect(userCard(page, bob.fullName)).toBeVisible();

  // The menu's link to the page starts it afresh, search and all.
  await field.fill(tag);
  await expect(users.getByRole('listitem')).toHaveCount(2);
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'Admin Panel' })
    .click();
  await expect(page).toHaveURL(/\/admin$/);
  await expect(field).toHaveValue('');
  // Everyone again: more than the two the search found (the administrator, at least).
  await expect(users.getByRole('listitem').nth(2)).toBeVisible();
});
