import { expect, test, type Page } from '@playwright/test';
import { holdRequests } from './support.ts';

/*
 * The page paints its own loading screen as soon as it arrives: its theme script and the
 * screen's style are in the page, and the app's stylesheet comes after the screen, in the body,
 * so that neither it nor the scripts hold back the first paint
 * (docs/decisions/0060-the-page-paints-first.md). The stylesheet still holds back the app: the
 * app never draws a screen without its styles.
 */

const STYLESHEET = /\/assets\/[^/]+\.css$/;
const SCRIPT = /\/assets\/[^/]+\.js$/;

/** Resolves once the page has asked for a file matching `url` (it is then held). */
function requested(page: Page, url: RegExp) {
  return page.waitForRequest((request) => url.test(new URL(request.url()).pathname));
}

const loadingScreen = (page: Page) => page.locator('#page-loading');

test('the loading screen paints before the stylesheet and the scripts arrive', async ({ page }) => {
  const releaseStyles = await holdRequests(page, STYLESHEET);
  const releaseScripts = await holdRequests(page, SCRIPT);
  const asked = Promise.all([requested(page, STYLESHEET), requested(page, SCRIPT)]);

  await page.goto('/login', { waitUntil: 'commit' });
  await asked;
  // Nothing of the app has arrived, and the screen is painted, fills the window, and is said.
  await expect
    .poll(() => page.evaluate(() => performance.getEntriesByName('first-contentful-paint').length))
    .toBe(1);
  await expect(page.getByRole('status')).toHaveText('Loading...');
  const box = await loadingScreen(page).boundingBox();
  const window = page.viewportSize();
  expect(box).toMatchObject({ x: 0, y: 0, width: window?.width, height: window?.height });
  expect(await page.evaluate(() => document.styleSheets.length)).toBe(1); // the page's own

  releaseScripts();
  releaseStyles();
  await expect(page.getByRole('heading', { name: 'Login', level: 1 })).toBeVisible();
  await expect(loadingScreen(page)).toHaveCount(0);
});

test('the app does not draw before its stylesheet has arrived', async ({ page }) => {
  const releaseStyles = await holdRequests(page, STYLESHEET);
  const scripts = new Set<string>();
  page.on('requestfinished', (request) => {
    if (SCRIPT.test(new URL(request.url()).pathname)) scripts.add(request.url());
  });
  const asked = requested(page, STYLESHEET);

  await page.goto('/login', { waitUntil: 'commit' });
  await asked;
  // The page's scripts all arrive (the entry and the three the page names beside it)...
  await expect.poll(() => scripts.size).toBeGreaterThanOrEqual(4);
  // ...and wait for the stylesheet: the page is still being read, the app has not run.
  expect(await page.evaluate(() => document.readyState)).toBe('loading');
  await expect(loadingScreen(page)).toBeVisible();

  releaseStyles();
  await expect(page.getByRole('heading', { name: 'Login', level: 1 })).toBeVisible();
  await expect(loadingScreen(page)).toHaveCount(0);
  // Drawn with its styles: the app's font, which only the stylesheet gives the page.
  expect(await page.evaluate(() => getComputedStyle(document.body).fontFamily)).toContain('Inter');
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the page says it needs JavaScript, and does not say it is loading', async ({ page }) => {
    await page.goto('/login');
    // (Playwright's text matching passes over <noscript>, which it takes as never drawn.)
    const message = page.locator('body > noscript');
    await expect(message).toBeVisible();
    expect(await message.textContent()).toBe('Rulekeeper needs JavaScript to run.');
    await expect(loadingScreen(page)).toBeHidden();
  });
});
