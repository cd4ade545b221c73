import { expect, test, type Page } from '@playwright/test';
import { createSession, getRules, localToday } from './session-support.ts';
import { createRules, createTrader, logInAsNewTrader, submitLoginForm } from './support.ts';

/*
 * A new version of the app replaces the files of the one a page was loaded with: a trader's tab
 * left open over an upgrade asks for a screen's code by a name the server no longer has, and
 * during a rolling upgrade a page from one instance may ask another for its own files. Either
 * way the page loads itself again, once, which brings the version the server has; when that
 * does not help it says so and offers to try again, instead of an error or an endless
 * "Loading..." (docs/decisions/0061-a-new-version-under-an-open-page.md).
 */

const ANALYTICS_CODE = /\/assets\/analytics-(?!charts-)[\w-]+\.js$/;
const CHARTS_CODE = /\/assets\/analytics-charts-[\w-]+\.js$/;
const SHELL_CODE = /\/assets\/authenticated-layout-[\w-]+\.js$/;
const APP_ENTRY = /\/assets\/index-[\w-]+\.js$/;

/**
 * Answers 404 to files matching `url`, as a server of another version does; `times` limits it
 * to the first requests. Returns how many were refused.
 */
async function refuseFiles(page: Page, url: RegExp, times = Infinity) {
  const refused = { count: 0 };
  await page.route(url, async (route) => {
    if (refused.count >= times) return route.continue();
    refused.count += 1;
    await route.fulfill({ status: 404, contentType: 'application/json', body: '{}' });
  });
  return refused;
}

/** Counts the pages the tab asks the server for from now on (a reload is one). */
function countPageLoads(page: Page) {
  const loads = { count: 0 };
  page.on('request', (request) => {
    if (request.isNavigationRequest() && request.frame() === page.mainFrame()) loads.count += 1;
  });
  return loads;
}

test('a screen whose code is gone since the page loaded: the page reloads and shows it', async ({
  page,
}) => {
  await logInAsNewTrader(page);
  const refused = await refuseFiles(page, ANALYTICS_CODE, 1);
  const loads = countPageLoads(page);

  await page.getByRole('link', { name: 'Analytics' }).first().click();

  await expect(page.getByRole('heading', { name: 'Analytics', level: 1 })).toBeVisible();
  expect(refused.count).toBe(1);
  expect(loads.count).toBe(1);
  await expect(page).toHaveURL(/\/analytics$/);
  await expect(page.getByText('Something went wrong')).toHaveCount(0);
});

test('the charts’ code, loaded when a chart is first shown, is gone: the page reloads and draws it', async ({
  page,
}) => {
  await logInAsNewTrader(page);
  await createRules(page, [{ description: 'Wait for the close' }]);
  const [rule] = await getRules(page);
  await createSession(page, {
    name: 'Followed',
    date: await localToday(page),
    rulesFollowed: [{ ruleId: rule?.id ?? 0, followed: true }],
  });
  const refused = await refuseFiles(page, CHARTS_CODE, 1);
  const loads = countPageLoads(page);

  await page.getByRole('link', { name: 'Analytics' }).first().click();

  const bars = page.locator('.recharts-bar-rectangle path');
  await expect(bars).toHaveCount(1);
  expect(refused.count).toBe(1);
  expect(loads.count).toBe(1);
});

test('the logged-in shell’s code gone when a trader logs in: the page reloads and draws it', async ({
  page,
}) => {
  const account = await createTrader(page.request);
  await page.goto('/login');
  const refused = await refuseFiles(page, SHELL_CODE, 1);
  const loads = countPageLoads(page);

  await submitLoginForm(page, account);

  await expect(page.getByRole('heading', { level: 1, name: /Trading Dashboard$/ })).toBeVisible();
  expect(refused.count).toBe(1);
  expect(loads.count).toBe(1);
});

test('when a reload does not bring the code, the screen says so and offers to try again', async ({
  page,
}) => {
  await logInAsNewTrader(page);
  const refused = await refuseFiles(page, ANALYTICS_CODE);
  const loads = countPageLoads(page);

  await page.getByRole('link', { name: 'Analytics' }).first().click();

  const alert = page.getByRole('alert');
  await expect(alert).toContainText('This screen could not be loaded');
  // Reloaded once, and no more: the page does not go round in circles.
  expect(loads.count).toBe(1);
  expect(refused.count).toBeGreaterThanOrEqual(2);
  const reload = page.getByRole('button', { name: 'Reload' });
  await expect(reload).toBeFocused();

  await page.unroute(ANALYTICS_CODE);
  await reload.click();
  await expect(page.getByRole('heading', { name: 'Analytics', level: 1 })).toBeVisible();
});

test.describe('the app’s own code missing as the page arrives', () => {
  test('the page reloads once and the app starts', async ({ page }) => {
    const refused = await refuseFiles(page, APP_ENTRY, 1);
    const loads = countPageLoads(page);

    await page.goto('/login');

    await expect(page.getByRole('heading', { name: 'Login', level: 1 })).toBeVisible();
    expect(refused.count).toBe(1);
    expect(loads.count).toBe(2);
  });

  test('when the reload does not bring it, the page says so instead of "Loading..."', async ({
    page,
  }) => {
    await refuseFiles(page, APP_ENTRY);
    const loads = countPageLoads(page);

    await page.goto('/login');

    await expect(page.getByRole('alert')).toHaveText(
      'Rulekeeper could not be loaded. Check your connection, then reload the page.',
    );
    await expect(page.getByRole('status')).toHaveCount(0);
    expect(loads.count).toBe(2);
    const reload = page.getByRole('button', { name: 'Reload' });
    await expect(reload).toBeFocused();

    await page.unroute(APP_ENTRY);
    await reload.click();
    await expect(page.getByRole('heading', { name: 'Login', level: 1 })).toBeVisible();
  });
});
