import { expect, test, type Page } from '@playwright/test';
import {
  afterTwoFrames,
  closeTab,
  endLoginOnServer,
  expectToast,
  holdRequests,
  logInAsNewTrader,
  submitLoginForm,
} from './support.ts';

/** Settings, reached from the dashboard through the menu, so that Back has a page to go to. */
async function openSettingsFromDashboard(page: Page) {
  const account = await logInAsNewTrader(page);
  await page.goto('/');
  await mainMenuLink(page, 'Settings').click();
  await expect(page.getByRole('heading', { name: 'Settings', level: 1 })).toBeVisible();
  return account;
}

const mainMenuLink = (page: Page, name: string) =>
  page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name });
const question = (page: Page) => page.getByRole('alertdialog', { name: 'Discard changes?' });
const dashboardHeading = (page: Page) => page.getByRole('heading', { name: 'Dashboard', level: 1 });
const profileCard = (page: Page) => page.getByRole('region', { name: 'Profile Settings' });

test('a link with an unsaved profile asks first; Keep editing stays, Discard goes', async ({
  page,
}) => {
  await openSettingsFromDashboard(page);
  const fullName = profileCard(page).getByLabel('Full Name');
  await fullName.fill('Avery Quinn');

  await mainMenuLink(page, 'Trading Rules').click();
  await expect(question(page)).toBeVisible();
  await expect(question(page)).toContainText(
    'What you changed on this page has not been saved and will be lost.',
  );
  await question(page).getByRole('button', { name: 'Keep editing' }).click();
  await expect(question(page)).toBeHidden();
  await expect(page).toHaveURL(/\/settings$/);
  await expect(fullName).toHaveValue('Avery Quinn');
  // Focus goes back to the link that was held; Enter on it asks again.
  await expect(mainMenuLink(page, 'Trading Rules')).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(question(page)).toBeVisible();
  await question(page).getByRole('button', { name: 'Discard' }).click();
  await expect(page).toHaveURL(/\/rules$/);
  await expect(page.getByRole('heading', { name: 'Trading Rules', level: 1 })).toBeVisible();
  await expect(question(page)).toHaveCount(0);
  // The keyboard goes on from the new page's content, not from the link left in the sidebar.
  await afterTwoFrames(page);
  await expect(page.getByRole('main')).toBeFocused();

  // Nothing was saved, and nothing is asked on the way back.
  await mainMenuLink(page, 'Settings').click();
  await expect(fullName).not.toHaveValue('Avery Quinn');
  await mainMenuLink(page, 'Dashboard').click();
  await expect(dashboardHeading(page)).toBeVisible();
  await expect(question(page)).toHaveCount(0);
});

test('a jump within the page is no leaving: the skip link, and Back from it, ask nothing', async ({
  page,
}) => {
  await openSettingsFromDashboard(page);
  const fullName = profileCard(page).getByLabel('Full Name');
  await fullName.fill('Avery Quinn');

  await page.getByRole('link', { name: 'Skip to main content' }).focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/settings#main-content$/);
  await page.goBack();
  await expect(page).toHaveURL(/\/settings$/);
  await expect(question(page)).toHaveCount(0);
  await expect(fullName).toHaveValue('Avery Quinn');

  // Still unsaved: leaving for another page asks.
  await page.goBack();
  await expect(question(page)).toBeVisible();
});

test('logging out with an unsaved profile asks first', async ({ page }) => {
  const account = await openSettingsFromDashboard(page);
  const fullName = profileCard(page).getByLabel('Full Name');
  await fullName.fill('Avery Quinn');
  const logOut = async () => {
    await page.getByRole('button', { name: new RegExp(account.fullName) }).click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
  };

  await logOut();
  await question(page).getByRole('button', { name: 'Keep editing' }).click();
  await expect(page).toHaveURL(/\/settings$/);
  await expect(fullName).toHaveValue('Avery Quinn');
  expect((await page.request.get('/api/user')).status()).toBe(200);

  await logOut();
  await question(page).getByRole('button', { name: 'Discard' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('button', { name: 'Log in' })).toBeVisible();
});

test('saved settings, or a change taken back, leave without a question', async ({ page }) => {
  await openSettingsFromDashboard(page);
  const profile = profileCard(page);
  // Spaces around a name are trimmed by the server: what it saved is what was typed.
  await profile.getByLabel('Full Name').fill('  Avery Quinn ');
  await profile.getByRole('button', { name: 'Save Profile' }).click();
  await expectToast(page, 'Settings Saved', 'Your settings have been updated successfully.');

  const notifications = page.getByRole('region', { name: 'Notifications', exact: true });
  const weekly = notifications.getByRole('switch', { name: 'Weekly Reports' });
  await weekly.click();
  await weekly.click();
  await expect(weekly).toBeChecked();

  await mainMenuLink(page, 'Dashboard').click();
  await expect(dashboardHeading(page)).toBeVisible();
  await expect(question(page)).toHaveCount(0);
});

test('what a save under way carries is not unsaved: leaving asks nothing, and it lands', async ({
  page,
}) => {
  await openSettingsFromDashboard(page);
  const profile = profileCard(page);
  const fullName = profile.getByLabel('Full Name');
  const release = await holdRequests(page, '**/api/auth/update-profile', 'PUT');
  await fullName.fill('Avery Quinn');
  await profile.getByRole('button', { name: 'Save Profile' }).click();
  await expect(profile.getByRole('button', { name: 'Saving...' })).toBeDisabled();

  // Typed after the save began: that is unsaved.
  await fullName.fill('Avery Quinn-Lee');
  await mainMenuLink(page, 'Trading Rules').click();
  await expect(question(page)).toBeVisible();
  await question(page).getByRole('button', { name: 'Keep editing' }).click();

  // Back to what is being saved: the page is left without a question.
  await fullName.fill('Avery Quinn');
  await mainMenuLink(page, 'Trading Rules').click();
  await expect(page.getByRole('heading', { name: 'Trading Rules', level: 1 })).toBeVisible();
  await expect(question(page)).toHaveCount(0);
  release();
  await expectToast(page, 'Settings Saved', 'Your settings have been updated successfully.');
  const saved = (await (await page.request.get('/api/user')).json()) as {
    user: { fullName: string };
  };
  expect(saved.user.fullName).toBe('Avery Quinn');

  // A save refused after the page was left says so on the page the trader is on: its field is
  // no longer on screen.
  let refuse = () => {};
  const refused = new Promise<void>((resolve) => (refuse = resolve));
  await page.route('**/api/auth/update-profile', async (route) => {
    await refused;
    const message = 'Full name must be at most 100 characters';
    await route.fulfill({
      status: 400,
      json: { message, issues: [{ path: 'fullName', message }] },
    });
  });
  await mainMenuLink(page, 'Settings').click();
  await fullName.fill('Avery Q.');
  await profile.getByRole('button', { name: 'Save Profile' }).click();
  await expect(profile.getByRole('button', { name: 'Saving...' })).toBeDisabled();
  await mainMenuLink(page, 'Trading Rules').click();
  await expect(page.getByRole('heading', { name: 'Trading Rules', level: 1 })).toBeVisible();
  refuse();
  await expectToast(page, 'Validation Error', 'Full name must be at most 100 characters');
});

test('a password change on its way is not unsaved, and its refusal after leaving is a toast', async ({
  page,
}) => {
  await openSettingsFromDashboard(page);
  const form = page.getByRole('form', { name: 'Change Password' });
  const release = await holdRequests(page, '**/api/auth/password', 'PUT');
  await form.getByLabel('Current Password').fill('not-my-password');
  await form.getByLabel('New Password', { exact: true }).fill('A-new-passw0rd!');
  await form.getByLabel('Confirm New Password').fill('A-new-passw0rd!');
  await form.getByRole('button', { name: 'Change Password' }).click();
  await expect(form.getByRole('button', { name: 'Changing...' })).toBeDisabled();

  // The change is on its way: leaving asks nothing, since nothing is lost by it.
  await mainMenuLink(page, 'Trading Rules').click();
  await expect(page.getByRole('heading', { name: 'Trading Rules', level: 1 })).toBeVisible();
  await expect(question(page)).toHaveCount(0);
  // Refused once the page has gone: said on the page the trader is on.
  release();
  await expectToast(page, 'Validation Error', 'Current password is incorrect');
});

test('Back with an unsaved switch asks first, and the page stays until Discard', async ({
  page,
}) => {
  await openSettingsFromDashboard(page);
  const weekly = page
    .getByRole('region', { name: 'Notifications', exact: true })
    .getByRole('switch', { name: 'Weekly Reports' });
  await weekly.click();
  await expect(weekly).not.toBeChecked();

  await page.goBack();
  await expect(question(page)).toBeVisible();
  await expect(page).toHaveURL(/\/settings$/);

  // Back again closes the question, as Keep editing would: the switch is as it was left.
  await page.goBack();
  await expect(question(page)).toBeHidden();
  await expect(page).toHaveURL(/\/settings$/);
  await expect(weekly).not.toBeChecked();

  await page.goBack();
  await question(page).getByRole('button', { name: 'Discard' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(dashboardHeading(page)).toBeVisible();
});

test('Forward with an unsaved switch asks too, and the history is as it was: Back after it goes back', async ({
  page,
}) => {
  await openSettingsFromDashboard(page);
  await mainMenuLink(page, 'Trading Rules').click();
  await expect(page.getByRole('heading', { name: 'Trading Rules', level: 1 })).toBeVisible();
  await page.goBack();
  const weekly = page
    .getByRole('region', { name: 'Notifications', exact: true })
    .getByRole('switch', { name: 'Weekly Reports' });
  await weekly.click();
  await expect(weekly).not.toBeChecked();

  await page.goForward();
  await expect(question(page)).toBeVisible();
  await expect(page).toHaveURL(/\/settings$/);
  await question(page).getByRole('button', { name: 'Keep editing' }).click();
  await expect(weekly).not.toBeChecked();

  // Back now goes back, to the dashboard, not to the page ahead that Forward was held from.
  await page.goBack();
  await expect(question(page)).toBeVisible();
  await question(page).getByRole('button', { name: 'Discard' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(dashboardHeading(page)).toBeVisible();
  await page.goForward();
  await page.goForward();
  await expect(page).toHaveURL(/\/rules$/);
});

test('a typed password, a currency or a reminder time not saved asks before a link too', async ({
  page,
}) => {
  await openSettingsFromDashboard(page);
  const changes: [string, (page: Page) => Promise<void>][] = [
    ['password', (p) => p.getByLabel('Current Password').fill('not yet used')],
    [
      'currency',
      async (p) => {
        const currency = p.getByRole('region', { name: 'Session Results' }).getByLabel('Currency');
        // The list of currencies is built when the trader reaches for the control.
        await currency.focus();
        await currency.selectOption('EUR');
      },
    ],
    ['reminder time', (p) => p.getByLabel('Minutes before the session opens').fill('45')],
  ];
  for (const [what, change] of changes) {
    await change(page);
    await mainMenuLink(page, 'Dashboard').click();
    await expect(question(page), what).toBeVisible();
    await question(page).getByRole('button', { name: 'Discard' }).click();
    await expect(dashboardHeading(page)).toBeVisible();
    await mainMenuLink(page, 'Settings').click();
    await expect(page.getByRole('heading', { name: 'Settings', level: 1 })).toBeVisible();
  }
});

test('reloading or closing the tab with unsaved settings has the browser ask first', async ({
  page,
}) => {
  await openSettingsFromDashboard(page);
  const asked: string[] = [];
  page.on('dialog', (browserQuestion) => {
    asked.push(browserQuestion.type());
    void browserQuestion.dismiss();
  });
  const fullName = profileCard(page).getByLabel('Full Name');
  const saved = await fullName.inputValue();

  // The browser asks only on a page the user has used: a click, as a person's first touch.
  // Unchanged, or changed and changed back: nothing to lose, nothing asked.
  await fullName.click();
  await fullName.fill('Avery Quinn');
  await fullName.fill(saved);
  await page.reload();
  await expect(fullName).toHaveValue(saved);
  expect(asked).toEqual([]);

  await fullName.click();
  await fullName.fill('Avery Quinn');
  await closeTab(page);
  await expect.poll(() => asked).toEqual(['beforeunload']);
  expect(page.isClosed()).toBe(false);
  await expect(fullName).toHaveValue('Avery Quinn');
});

test('settings changed when the login ended come back on the card after logging in again', async ({
  page,
}) => {
  const account = await openSettingsFromDashboard(page);
  const profile = profileCard(page);
  const notifications = page.getByRole('region', { name: 'Notifications', exact: true });
  const weekly = notifications.getByRole('switch', { name: 'Weekly Reports' });
  await profile.getByLabel('Full Name').fill('Avery Quinn');
  await weekly.click();

  await endLoginOnServer(page);
  await profile.getByRole('button', { name: 'Save Profile' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expectToast(
    page,
    'Your login has expired',
    'Please log in again. What you were typing is kept: open the same form to go on.',
  );

  // Logged in again, the trader is back where they were, the changes on the cards.
  await submitLoginForm(page, account);
  await expect(page).toHaveURL(/\/settings$/);
  await expect(profile.getByLabel('Full Name')).toHaveValue('Avery Quinn');
  await expect(weekly).not.toBeChecked();
  const restored = 'Restored what you typed before your login expired.';
  await expect(profile.getByRole('status')).toHaveText(restored);
  await expect(notifications.getByRole('status')).toHaveText(restored);
  // Nothing was saved: the cards hold the changes, and leaving would ask.
  const stored = await page.request.get('/api/user');
  expect(((await stored.json()) as { user: { fullName: string } }).user.fullName).toBe(
    account.fullName,
  );

  await profile.getByRole('button', { name: 'Save Profile' }).click();
  await expectToast(page, 'Settings Saved', 'Your settings have been updated successfully.');
  await expect(profile.getByRole('status')).toHaveCount(0);
  await expect(notifications.getByRole('status')).toHaveText(restored);
  await mainMenuLink(page, 'Dashboard').click();
  await expect(question(page)).toBeVisible();
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('a link of the menu asks over the menu, and Discard leaves with the menu closed', async ({
    page,
  }) => {
    await logInAsNewTrader(page);
    await page.goto('/settings');
    const fullName = profileCard(page).getByLabel('Full Name');
    await fullName.fill('Avery Quinn');

    const openMenu = page.getByRole('button', { name: 'Open menu' });
    const nav = page.getByRole('navigation', { name: 'Main' });
    await openMenu.click();
    await nav.getByRole('link', { name: 'Session History' }).click();
    await expect(question(page)).toBeVisible();
    await question(page).getByRole('button', { name: 'Keep editing' }).click();
    // The menu is still open under the question, where the trader left it.
    await expect(nav).toBeVisible();
    await expect(page).toHaveURL(/\/settings$/);

    await nav.getByRole('link', { name: 'Session History' }).click();
    await question(page).getByRole('button', { name: 'Discard' }).click();
    await expect(page).toHaveURL(/\/history$/);
    await expect(page.getByRole('heading', { name: 'Session History', level: 1 })).toBeVisible();
    await expect(nav).toBeHidden();
  });
});

test('a field saved here follows a later change made on another device, which is not unsaved here', async ({
  page,
}) => {
  await openSettingsFromDashboard(page);
  const fullName = profileCard(page).getByLabel('Full Name');
  await fullName.fill('Avery Quinn');
  await profileCard(page).getByRole('button', { name: 'Save Profile' }).click();
  await expectToast(page, 'Settings Saved');

  // Another device renames the trader; this window hears of it as it regains focus (the
  // window's focus event: the headless shell gives none of its own).
  const renamed = await page.request.put('/api/auth/update-profile', {
    data: { fullName: 'Blair Quinn' },
  });
  expect(renamed.status()).toBe(200);
  const reread = page.waitForResponse((response) => response.url().endsWith('/api/auth/session'));
  await page.evaluate(() => window.dispatchEvent(new Event('focus')));
  await reread;
  await expect(fullName).toHaveValue('Blair Quinn');

  // Nothing is unsaved, and a save of another field keeps the other device's name.
  await mainMenuLink(page, 'Trading Rules').click();
  await expect(page).toHaveURL(/\/rules$/);
  await expect(question(page)).toHaveCount(0);
  await page.goBack();
  await expect(fullName).toHaveValue('Blair Quinn');
  await profileCard(page).getByLabel('Trading Company Name').fill('Quinn Capital');
  // This save's own answer (the first save's toast may still be on screen).
  const saved = page.waitForResponse(
    (response) =>
      response.url().endsWith('/api/auth/update-profile') && response.request().method() === 'PUT',
  );
  await profileCard(page).getByRole('button', { name: 'Save Profile' }).click();
  const answer = await saved;
  expect(answer.status()).toBe(200);
  // Only the field changed here goes.
  expect(answer.request().postDataJSON()).toEqual({ companyName: 'Quinn Capital' });
  const me = (await (await page.request.get('/api/auth/session')).json()) as {
    user: { fullName: string; companyName: string };
  };
  expect(me.user).toMatchObject({ fullName: 'Blair Quinn', companyName: 'Quinn Capital' });
});
