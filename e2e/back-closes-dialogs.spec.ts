import { expect, test, type Page } from '@playwright/test';
import {
  closeTab,
  createRules,
  createTrader,
  logInNewTraderThroughApi,
  shownRuleOrder,
  submitLoginForm,
} from './support.ts';

/** The rules page, reached from the dashboard through the menu, so that Back has a page to go to. */
async function openRulesFromDashboard(page: Page) {
  const account = await logInNewTraderThroughApi(page.request);
  await createRules(page, [{ description: 'Respect the stop' }]);
  await page.goto('/');
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'Trading Rules' })
    .click();
  await expect(page).toHaveURL(/\/rules$/);
  await expect.poll(() => shownRuleOrder(page)).toEqual(['Respect the stop']);
  return account;
}

const rulesHeading = (page: Page) => page.getByRole('heading', { name: 'Trading Rules', level: 1 });

/** Opens the rules page's Add dialog; `move` (Back or Forward) closes it, and the page stays. */
async function moveClosesAddDialog(page: Page, move: () => Promise<unknown>) {
  await page.getByRole('button', { name: 'Add New Rule' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Trading Rule' });
  await expect(dialog).toBeVisible();
  await move();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(/\/rules$/);
}

test('Back with typed text in a dialog asks first, and the page stays', async ({ page }) => {
  await openRulesFromDashboard(page);
  const dialog = page.getByRole('dialog', { name: 'Add Trading Rule' });
  const discard = page.getByRole('alertdialog', { name: 'Discard changes?' });
  const description = dialog.getByLabel('Rule Description');

  await page.getByRole('button', { name: 'Add New Rule' }).click();
  await description.fill('Review the week on Sunday');
  await page.goBack();

  await expect(discard).toBeVisible();
  await expect(page).toHaveURL(/\/rules$/);

  // Back again closes the question on top, as "Keep editing" would: the text is still there.
  await page.goBack();
  await expect(discard).toBeHidden();
  await expect(dialog).toBeVisible();
  await expect(description).toHaveValue('Review the week on Sunday');
  await expect(page).toHaveURL(/\/rules$/);

  // Asked again, "Discard" closes the dialog on the same page.
  await page.goBack();
  await discard.getByRole('button', { name: 'Discard' }).click();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(/\/rules$/);
  await expect(rulesHeading(page)).toBeVisible();

  // With no dialog open, Back is Back again: the dashboard the trader came from.
  await page.goBack();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
});

test('Back closes a pristine dialog and a confirmation at once, on the same page', async ({
  page,
}) => {
  await openRulesFromDashboard(page);

  await page.getByRole('button', { name: 'Add New Rule' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Trading Rule' });
  await expect(dialog).toBeVisible();
  await page.goBack();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('alertdialog', { name: 'Discard changes?' })).toHaveCount(0);
  await expect(page).toHaveURL(/\/rules$/);

  const deleteButton = page.getByRole('button', { name: 'Delete rule: Respect the stop' });
  await deleteButton.click();
  const confirm = page.getByRole('alertdialog', { name: 'Are you sure?' });
  await expect(confirm).toBeVisible();
  await page.goBack();
  await expect(confirm).toBeHidden();
  await expect(deleteButton).toBeFocused();
  await expect.poll(() => shownRuleOrder(page)).toEqual(['Respect the stop']);
  await expect(page).toHaveURL(/\/rules$/);
});

/** The questions the browser asks (each dismissed), and the Add dialog's description, typed. */
async function typeRuleWatchingQuestions(page: Page, text: string) {
  await openRulesFromDashboard(page);
  const asked: string[] = [];
  page.on('dialog', (question) => {
    asked.push(question.type());
    void question.dismiss();
  });
  await page.getByRole('button', { name: 'Add New Rule' }).click();
  const description = page
    .getByRole('dialog', { name: 'Add Trading Rule' })
    .getByLabel('Rule Description');
  await description.fill(text);
  return { asked, description };
}

test('closing the tab with typed text in a dialog has the browser ask first', async ({ page }) => {
  const { asked, description } = await typeRuleWatchingQuestions(page, 'Draft');
  await closeTab(page);

  await expect.poll(() => asked).toEqual(['beforeunload']);
  // Dismissed: the page and the text stay.
  expect(page.isClosed()).toBe(false);
  await expect(description).toHaveValue('Draft');
});

test('a dialog whose text was taken back lets the tab close without a question', async ({
  page,
}) => {
  const { asked, description } = await typeRuleWatchingQuestions(page, 'Draft');
  // Cleared: pristine again.
  await description.fill('');
  await closeTab(page);
  await expect.poll(() => page.isClosed()).toBe(true);
  expect(asked).toEqual([]);
});

test('the page’s other history listeners, the router’s among them, hear no move when the page stays', async ({
  page,
  request,
}) => {
  // A listener added once the app runs, before any dialog's code has loaded (the login page
  // has none), as the router adds its own when it first renders.
  const account = await createTrader(request);
  await page.goto('/login');
  await expect(page.getByRole('button', { name: 'Log in' })).toBeVisible();
  await page.evaluate(() => {
    const heard: string[] = [];
    Object.assign(window, { heardOnHistoryMove: heard });
    window.addEventListener('popstate', () => heard.push(window.location.pathname));
  });
  await submitLoginForm(page, account);
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'Trading Rules' })
    .click();
  await expect(page).toHaveURL(/\/rules$/);
  await moveClosesAddDialog(page, () => page.goBack());
  // The Back and the move back to the page are the module's own: the router heard neither
  // (asked once the app has drawn again, so that the move back has come).
  await expect(page.getByRole('button', { name: 'Add New Rule' })).toBeFocused();
  const heard = await page.evaluate(
    () => (window as unknown as { heardOnHistoryMove: string[] }).heardOnHistoryMove,
  );
  expect(heard).toEqual([]);
});

test('Back that closed a dialog keeps the pages ahead: Forward still goes there', async ({
  page,
}) => {
  await openRulesFromDashboard(page);
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'Session History' })
    .click();
  await expect(page).toHaveURL(/\/history$/);
  await page.goBack();
  await expect(rulesHeading(page)).toBeVisible();

  await moveClosesAddDialog(page, () => page.goBack());
  // Forward with a dialog open closes it too, and the page stays.
  await moveClosesAddDialog(page, () => page.goForward());

  await page.goForward();
  await expect(page).toHaveURL(/\/history$/);
  await expect(page.getByRole('heading', { name: 'Session History', level: 1 })).toBeVisible();
  await page.goBack();
  await page.goBack();
  await expect(page).toHaveURL(/\/$/);
});

test('in a browser without the Navigation API, Back still closes the dialog and the page stays', async ({
  page,
}) => {
  await page.addInitScript(() => {
    Object.defineProperty(window, 'navigation', { value: undefined, configurable: true });
  });
  await openRulesFromDashboard(page);
  expect(await page.evaluate(() => 'navigation' in window && window.navigation)).toBeFalsy();

  await page.getByRole('button', { name: 'Add New Rule' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Trading Rule' });
  await dialog.getByLabel('Rule Description').fill('Half typed');
  await page.goBack();
  const question = page.getByRole('alertdialog', { name: 'Discard changes?' });
  await expect(question).toBeVisible();
  await expect(page).toHaveURL(/\/rules$/);
  await question.getByRole('button', { name: 'Keep editing' }).click();
  await expect(dialog.getByLabel('Rule Description')).toHaveValue('Half typed');
  await expect(page).toHaveURL(/\/rules$/);
});

test('Back closes the account menu, and the page stays', async ({ page }) => {
  const account = await openRulesFromDashboard(page);
  await page.getByRole('button', { name: new RegExp(account.fullName) }).click();
  const menu = page.getByRole('menu');
  await expect(menu.getByRole('menuitem', { name: 'Logout' })).toBeVisible();

  await page.goBack();
  await expect(menu).toBeHidden();
  await expect(page).toHaveURL(/\/rules$/);
  await expect(rulesHeading(page)).toBeVisible();
});
