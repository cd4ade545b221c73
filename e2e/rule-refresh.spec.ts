import { expect, test, type Page, type Route } from '@playwright/test';
import {
  afterTwoFrames,
  createRules,
  enableRealWindowFocus,
  expectToast,
  logInNewTraderThroughApi,
  moveRuleDownWithKeyboard,
  shownRuleOrder,
  toastRegion,
} from './support.ts';
import { createSession, getRules, localToday } from './session-support.ts';

test('a rule deleted in another tab disappears from the first when it regains focus', async ({
  page,
  context,
}) => {
  await logInNewTraderThroughApi(page.request);
  await createRules(page, [{ description: 'Keep me' }, { description: 'Delete me elsewhere' }]);
  await page.goto('/rules');
  await expect.poll(() => shownRuleOrder(page)).toEqual(['Keep me', 'Delete me elsewhere']);

  const other = await context.newPage();
  await enableRealWindowFocus(page);
  await enableRealWindowFocus(other);
  await other.goto('/rules');
  await other.bringToFront();
  await other.getByRole('button', { name: 'Delete rule: Delete me elsewhere' }).click();
  await other
    .getByRole('alertdialog', { name: 'Are you sure?' })
    .getByRole('button', { name: 'Delete' })
    .click();
  await expectToast(other, 'Success', 'Trading rule has been deleted');
  // Nothing has told the first tab yet.
  expect(await shownRuleOrder(page)).toEqual(['Keep me', 'Delete me elsewhere']);

  const refreshed = page.waitForResponse((response) => response.url().endsWith('/api/rules'));
  await page.bringToFront();
  await refreshed;
  await expect.poll(() => shownRuleOrder(page)).toEqual(['Keep me']);
});

test('editing a rule deleted elsewhere says so and drops it from the list', async ({ page }) => {
  await logInNewTraderThroughApi(page.request);
  await createRules(page, [{ description: 'Keep me' }, { description: 'Gone already' }]);
  await page.goto('/rules');
  await expect.poll(() => shownRuleOrder(page)).toEqual(['Keep me', 'Gone already']);

  const { rules } = (await (await page.request.get('/api/rules')).json()) as {
    rules: { id: number; description: string }[];
  };
  const gone = rules.find((rule) => rule.description === 'Gone already');
  expect((await page.request.delete(`/api/rules/${gone?.id}`)).status()).toBe(200);

  await page.getByRole('button', { name: 'Edit rule: Gone already' }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit Trading Rule' });
  await dialog.getByLabel('Rule Description').fill('Gone already, edited');
  await dialog.getByRole('button', { name: 'Update Rule' }).click();
  await expectToast(page, 'Error', 'Trading rule not found');
  // What was typed stays until the trader lets it go.
  await expect(dialog.getByLabel('Rule Description')).toHaveValue('Gone already, edited');
  // (Escape would first dismiss the toast: Radix closes the topmost layer.)
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await page
    .getByRole('alertdialog', { name: 'Discard changes?' })
    .getByRole('button', { name: 'Discard' })
    .click();
  await expect(dialog).toBeHidden();
  await expect.poll(() => shownRuleOrder(page)).toEqual(['Keep me']);
});

/**
 * One, Two and Three on the rules page, and their ids as the server has them, for another tab's
 * change made through the API (this page does not read it).
 */
async function threeRulesShown(page: Page) {
  await logInNewTraderThroughApi(page.request);
  await createRules(page, [
    { description: 'One' },
    { description: 'Two' },
    { description: 'Three' },
  ]);
  await page.goto('/rules');
  await expect.poll(() => shownRuleOrder(page)).toEqual(['One', 'Two', 'Three']);
  const rules = await getRules(page);
  return (description: string) => rules.find((rule) => rule.description === description)!.id;
}

const LIST_CHANGED =
  'Your rules were changed elsewhere, so the new order was not saved. The list now shows them as they are.';

test('a reorder refused because the rules changed elsewhere shows the list as it is', async ({
  page,
}) => {
  const idOf = await threeRulesShown(page);
  expect((await page.request.delete(`/api/rules/${idOf('Three')}`)).status()).toBe(200);

  await moveRuleDownWithKeyboard(page, 'One', { steps: 3, position: 2, of: 3 });
  await expectToast(page, 'Error', LIST_CHANGED);
  await expect.poll(() => shownRuleOrder(page)).toEqual(['One', 'Two']);
});

test('a move made from an order changed in another tab is refused, and the list shows that order', async ({
  page,
}) => {
  const idOf = await threeRulesShown(page);
  // Another tab moves Three to the top.
  const elsewhere = await page.request.put('/api/rules/reorder', {
    data: { ruleIds: [idOf('Three'), idOf('One'), idOf('Two')] },
  });
  expect(elsewhere.status(), await elsewhere.text()).toBe(200);

  // Moving One down here would have stored One below Two and put Three back last.
  await page.getByRole('button', { name: 'Reorder rule: One' }).click();
  await page.getByRole('menuitem', { name: 'Move down' }).click();
  await expectToast(page, 'Error', LIST_CHANGED);
  await expect.poll(() => shownRuleOrder(page)).toEqual(['Three', 'One', 'Two']);
});

test('a tab that regains focus after another logged in as someone else ends its login, showing neither', async ({
  page,
  context,
}) => {
  const first = await logInNewTraderThroughApi(page.request);
  const today = await localToday(page);
  await createSession(page, { name: 'The first trader’s session', date: today });
  await page.goto('/history');
  const names = page.getByRole('table', { name: 'Trading Sessions' }).getByRole('rowheader');
  await expect(names).toHaveText(['The first trader’s session']);
  // The history stays in the tab's memory while another screen is shown.
  const nav = page.getByRole('navigation', { name: 'Main' });
  await nav.getByRole('link', { name: 'Settings' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();

  // Another tab of the same browser (one cookie) logs in as another trader, which replaces
  // the first login's cookie at once: were it logged out first, the first tab could hear of
  // the logout alone (a focus in between) and say only that its login ended.
  const other = await context.newPage();
  await enableRealWindowFocus(page);
  await enableRealWindowFocus(other);
  await other.bringToFront();
  const second = await logInNewTraderThroughApi(other.request);
  await createSession(other, { name: 'The second trader’s session', date: today });

  // Back in the first tab: its login is over. It does not carry on as the second trader (a
  // form open with the first one's text would be saved in their account): the login screen.
  await page.bringToFront();
  await expect(page).toHaveURL(/\/login$/);
  await expectToast(
    page,
    'Your login has expired',
    'Another tab logged in as someone else. Please log in again.',
  );
  await expect(page.getByText(first.fullName)).toHaveCount(0);
  await expect(page.getByText(second.fullName)).toHaveCount(0);
  await expect(page.getByText(/trader’s session/)).toHaveCount(0);

  // Nor on a later focus: the login screen does not go on into the other trader's account.
  const askedAgain = page.waitForResponse((response) =>
    response.url().endsWith('/api/auth/session'),
  );
  await page.evaluate(() => window.dispatchEvent(new Event('focus')));
  await askedAgain;
  await afterTwoFrames(page);
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('button', { name: 'Log in' })).toBeVisible();
  await expect(page.getByText(second.fullName)).toHaveCount(0);
  await expect(page.getByText(/trader’s session/)).toHaveCount(0);
});

test('a login asked again on focus that gets no answer keeps the trader where they were', async ({
  page,
}) => {
  await logInNewTraderThroughApi(page.request);
  await createRules(page, [{ description: 'Still here' }]);
  await page.goto('/rules');
  const heading = page.getByRole('heading', { name: 'Trading Rules', level: 1 });
  await expect(heading).toBeVisible();

  // A server's bad moment, then a dropped connection: neither ends the login.
  for (const fail of [
    (route: Route) => route.fulfill({ status: 503, body: '' }),
    (route: Route) => route.abort('connectionreset'),
  ]) {
    await page.route('**/api/auth/session', fail);
    const asked = page.waitForRequest('**/api/auth/session');
    await page.evaluate(() => window.dispatchEvent(new Event('focus')));
    await asked;
    await page.unroute('**/api/auth/session');
    // Once the failure has been drawn (a frame, then the tasks after it).
    await page.evaluate(
      () => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 50))),
    );
    await expect(page).toHaveURL(/\/rules$/);
    await expect(heading).toBeVisible();
    await expect(page.getByText('Still here')).toBeVisible();
    await expect(toastRegion(page).getByText('Your login has expired')).toHaveCount(0);
  }
});
