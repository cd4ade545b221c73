import { expect, test, type Page } from '@playwright/test';
import {
  appearanceCard,
  expectDark,
  expectLight,
  pageLook,
  saveThemeOnServer,
  themeOnServer,
} from './appearance-support.ts';
import { seedDisciplineHistory } from './analytics-support.ts';
import {
  checklist,
  createSession,
  expectImageLoaded,
  localToday,
  openNewSessionDialog,
} from './session-support.ts';
import {
  ADMIN,
  expectNoSeriousViolations,
  expectToast,
  holdRequests,
  logInAsNewTrader,
  logInWithForm,
} from './support.ts';

/**
 * For the first thing awaited on a newly loaded screen: its code loads on demand, and the
 * machines that run these tests are shared (the default 5 s was seen to run out).
 */
const LOADED = { timeout: 20_000 };

async function openSettings(page: Page) {
  await page.goto('/settings');
  await expect(appearanceCard(page)).toBeVisible(LOADED);
}

// Every test starts from a light device, so that dark can only come from the choice.
test.use({ colorScheme: 'light' });

test('a trader chooses Dark in Settings: the page turns dark at once and the server keeps it', async ({
  page,
}) => {
  await logInAsNewTrader(page);
  await openSettings(page);
  const card = appearanceCard(page);
  const group = card.getByRole('radiogroup', { name: 'Theme' });
  await expect(group).toHaveAccessibleDescription(
    'Your choice follows you to every device you log in on.',
  );
  await expect(group.getByRole('radio', { name: 'System' })).toBeChecked();
  await expectLight(page);

  await group.getByRole('radio', { name: 'Dark' }).click();
  await expect(group.getByRole('radio', { name: 'Dark' })).toBeChecked();
  await expectDark(page);
  await expectToast(page, 'Settings Saved', 'Your settings have been updated successfully.');
  expect(await themeOnServer(page)).toBe('dark');
  // The settings page and its toast, in dark.
  await expectNoSeriousViolations(page);
});

test('the radio group is used with the keyboard: arrows choose, each choice is saved', async ({
  page,
}) => {
  await logInAsNewTrader(page);
  await saveThemeOnServer(page, 'light');
  await openSettings(page);
  const group = appearanceCard(page).getByRole('radiogroup', { name: 'Theme' });
  const light = group.getByRole('radio', { name: 'Light' });
  await expect(light).toBeChecked();
  await expect(light).toHaveAccessibleDescription('Always light');

  await light.focus();
  // Held as a hand holds a key: Radix moves the focus in a timer and checks the radio it lands
  // on only while the arrow is still down, which an instant press on a busy machine can miss.
  await page.keyboard.press('ArrowRight', { delay: 150 });
  await expect(group.getByRole('radio', { name: 'Dark' })).toBeChecked();
  await expect(group.getByRole('radio', { name: 'Dark' })).toBeFocused();
  await expectDark(page);
  await expect.poll(() => themeOnServer(page)).toBe('dark');

  await page.keyboard.press('ArrowLeft', { delay: 150 });
  await expect(light).toBeChecked();
  await expectLight(page);
  await expect.poll(() => themeOnServer(page)).toBe('light');
});

test('a reload paints dark before the app has run: no flash of light', async ({ page }) => {
  await logInAsNewTrader(page);
  await openSettings(page);
  await appearanceCard(page).getByRole('radio', { name: 'Dark' }).click();
  await expectToast(page, 'Settings Saved');

  // Hold back the app's scripts and its stylesheet: what shows meanwhile is all the first paint
  // has, the page itself (docs/decisions/0060-the-page-paints-first.md).
  const releaseScripts = await holdRequests(page, /\/assets\/[^/]+\.js$/);
  const releaseStyles = await holdRequests(page, /\/assets\/[^/]+\.css$/);
  const requested = page.waitForRequest(/\/assets\/[^/]+\.js$/);

  await page.goto('/settings', { waitUntil: 'commit' });
  await requested;
  await expect(page.locator('#page-loading')).toHaveText('Loading...');
  const look = await pageLook(page);
  expect(look.isDark).toBe(true);
  expect(look.luminance).toBeLessThan(0.05);
  expect(look.themeColor).toBe('#020618');

  releaseScripts();
  releaseStyles();
  await expect(appearanceCard(page).getByRole('radio', { name: 'Dark' })).toBeChecked(LOADED);
  await expectDark(page);

  // The script is the page's own, in it, allowed by its hash alone (content-security.spec.ts):
  // no file to fetch before the first paint.
  expect(await page.request.get('/theme.js')).not.toBeOK();
});

test('the theme comes from the server on a fresh browser, and stays after logging out', async ({
  page,
  browser,
}) => {
  // Two browsers, two logins and a logout.
  test.slow();
  const account = await logInAsNewTrader(page);
  await saveThemeOnServer(page, 'dark');

  // A browser that has never seen this trader: nothing stored, a light device.
  const context = await browser.newContext({ colorScheme: 'light' });
  const fresh = await context.newPage();
  await fresh.goto('/login');
  await expectLight(fresh);
  await logInWithForm(fresh, account);
  await expectDark(fresh);

  await fresh.getByRole('button', { name: new RegExp(account.fullName) }).click();
  await fresh.getByRole('menuitem', { name: 'Logout' }).click();
  await expect(fresh).toHaveURL(/\/login$/, LOADED);
  await expectDark(fresh);
  // The login screen in dark.
  await expectNoSeriousViolations(fresh);
  await context.close();
});

test("'System' follows the device's setting as it changes, without a reload", async ({ page }) => {
  await logInAsNewTrader(page);
  await saveThemeOnServer(page, 'light');
  await page.emulateMedia({ colorScheme: 'dark' });
  await openSettings(page);
  // Light was chosen: a dark device does not change it.
  await expectLight(page);

  await appearanceCard(page).getByRole('radio', { name: 'System' }).click();
  await expectDark(page);
  await page.emulateMedia({ colorScheme: 'light' });
  await expectLight(page);
  await page.emulateMedia({ colorScheme: 'dark' });
  await expectDark(page);
  await expect.poll(() => themeOnServer(page)).toBe('system');
});

test('a choice the server refuses is rolled back and said in a toast', async ({ page }) => {
  await logInAsNewTrader(page);
  await saveThemeOnServer(page, 'dark');
  await openSettings(page);
  await expectDark(page);

  await page.route('**/api/auth/update-profile', (route) => route.abort('connectionfailed'));
  await appearanceCard(page).getByRole('radio', { name: 'Light' }).click();
  await expectToast(page, 'Error', 'Failed to update settings. Please try again.');
  await expect(appearanceCard(page).getByRole('radio', { name: 'Dark' })).toBeChecked();
  await expectDark(page);
  expect(await themeOnServer(page)).toBe('dark');
  // The error toast in dark.
  await expectNoSeriousViolations(page);
});

test.describe('every screen in dark, with data', () => {
  // Seeding a history through the API and visiting several screens takes longer than 30 s here.
  test.describe.configure({ timeout: 120_000 });
  let sessionId: number;

  test.beforeEach(async ({ page }) => {
    await logInAsNewTrader(page);
    await saveThemeOnServer(page, 'dark');
    await seedDisciplineHistory(page);
    const session = await createSession(page, {
      name: 'London breakout',
      date: await localToday(page),
      sessionType: 'London',
      rulesFollowed: await checklist(page, 1),
      notes: 'Entered on the retest.',
      withScreenshot: true,
    });
    sessionId = session.id;
  });

  test('the dashboard and the session dialog', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('link', { name: /London breakout/ }).first()).toBeVisible(LOADED);
    await expectImageLoaded(page.getByRole('img', { name: /Screenshot of London breakout/ }));
    await expectDark(page);
    await expectNoSeriousViolations(page);

    const dialog = await openNewSessionDialog(page);
    await expect(dialog.getByRole('checkbox').first()).toBeVisible();
    await expectNoSeriousViolations(page);
  });

  test('rules, history and a session’s details', async ({ page }) => {
    await page.goto('/rules');
    await expect(page.getByRole('button', { name: /^Reorder rule: / }).first()).toBeVisible(LOADED);
    await expectDark(page);
    await expectNoSeriousViolations(page);

    await page.goto('/history');
    await expect(page.getByRole('link', { name: /London breakout/ }).first()).toBeVisible(LOADED);
    await expectNoSeriousViolations(page);

    await page.goto(`/history/${sessionId}`);
    await expect(page.getByRole('heading', { name: 'Session Details', level: 1 })).toBeVisible(
      LOADED,
    );
    await expectImageLoaded(page.getByRole('img', { name: /London breakout/ }).first());
    await expectNoSeriousViolations(page);
  });

  test('analytics, with a chart’s tooltip and a table open', async ({ page }) => {
    await page.goto('/analytics');
    const rules = page.getByRole('region', { name: 'Trading Rule Analysis' });
    await expect(rules.locator('.recharts-bar-rectangle path')).toHaveCount(4, LOADED);
    await expectDark(page);
    await expectNoSeriousViolations(page);

    await rules.locator('.recharts-bar-rectangle path').first().hover();
    await expect(rules.getByText(/Followed \d+ out of \d+ times/)).toBeVisible();
    await expectNoSeriousViolations(page);

    await rules.getByRole('button', { name: 'Show as table' }).click();
    await expect(rules.getByRole('table')).toBeVisible();
    await expectNoSeriousViolations(page);
  });

  test('the page that is not there', async ({ page }) => {
    await page.goto('/no-such-page');
    await expect(page.getByRole('heading', { name: '404 Page Not Found' })).toBeVisible(LOADED);
    await expectDark(page);
    await expectNoSeriousViolations(page);
  });
});

test('the admin panel and the sign-up screen on a dark device', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.goto('/signup');
  await expect(page.getByRole('button').first()).toBeVisible(LOADED);
  await expectDark(page);
  await expectNoSeriousViolations(page);

  // The administrator's theme is left as it is ('system'): the device makes it dark.
  await logInWithForm(page, ADMIN);
  await page.goto('/admin');
  await expect(page.getByRole('heading', { name: 'User Management', level: 1 })).toBeVisible(
    LOADED,
  );
  await expectDark(page);
  await expectNoSeriousViolations(page);
});
