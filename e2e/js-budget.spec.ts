import { expect, test } from '@playwright/test';
import { seedDisciplineHistory } from './analytics-support.ts';
import { KB, recordScripts, reportScripts } from './budget-support.ts';
import { createSession, localToday } from './session-support.ts';
import { logInNewTraderThroughApi } from './support.ts';

/**
 * What a browser downloads, cold, to show a screen: every script of the page up to the moment
 * the network is quiet, module preloads and the chunks the screen imports on demand included,
 * each counted at its gzip size on the wire. Each test has a fresh browser context, so nothing
 * comes from the HTTP cache, and service workers are blocked (playwright.config.ts): the
 * worker's precache of the whole shell is the installed app's copy, fetched after the page is
 * up, not the page's download (docs/decisions/0032). Chart code before /analytics is checked
 * in e2e/analytics.spec.ts.
 */
const BUDGETS = { login: 100 * KB, dashboard: 200 * KB };

test('the login page downloads at most 100 kB of JavaScript (gzip)', async ({ page }, testInfo) => {
  const scripts = recordScripts(page);
  await page.goto('/login');
  await expect(page.getByRole('button', { name: 'Log in' })).toBeVisible();
  await page.waitForLoadState('networkidle');

  const downloads = await scripts.finish();
  const total = await reportScripts(testInfo, 'the login page', downloads, BUDGETS.login);
  expect(downloads.length).toBeGreaterThan(0);
  expect(total).toBeLessThanOrEqual(BUDGETS.login);
});

test('a trader’s dashboard downloads at most 200 kB of JavaScript (gzip)', async ({
  page,
}, testInfo) => {
  // A dashboard with something on every card: rules, three months of sessions, a screenshot.
  // The API calls go through the page's request context, which shares its cookies; the page
  // itself stays blank, so no script is in its cache yet.
  await logInNewTraderThroughApi(page.request);
  const today = await seedDisciplineHistory(page);
  await createSession(page, { name: 'With a chart', date: today, withScreenshot: true });
  expect(await localToday(page)).toBe(today);

  const scripts = recordScripts(page);
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: /Trading Dashboard$/ })).toBeVisible();
  await expect(
    page.getByRole('region', { name: 'Recent Sessions' }).getByRole('listitem'),
  ).toHaveCount(3);
  await page.waitForLoadState('networkidle');

  const downloads = await scripts.finish();
  const total = await reportScripts(testInfo, 'the dashboard', downloads, BUDGETS.dashboard);
  expect(downloads.length).toBeGreaterThan(0);
  expect(total).toBeLessThanOrEqual(BUDGETS.dashboard);
  // The schemas of the administrators' screens are theirs alone (vite.config.ts).
  expect(downloads.map(({ url }) => url)).not.toContainEqual(
    expect.stringMatching(/\/admin-schemas-[\w-]+\.js$/),
  );
});
