import { expect, test, type Page } from '@playwright/test';
import { logInNewTraderThroughApi } from './support.ts';

/*
 * The app asks the server who is logged in before it shows a screen behind the login. The
 * screen's own code must not wait for that answer: it starts downloading as the app starts
 * (src/client/app/router.tsx), so on a phone's network the two round trips overlap.
 */

/** Holds the login check's answer until `release` is called. */
async function holdLoginCheck(page: Page) {
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/auth/session', async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

for (const [screen, path, heading] of [
  ['dashboard', '/', /Trading Dashboard$/],
  ['history', '/history', 'Session History'],
] as const) {
  test(`the ${screen}'s code downloads while the login check is still unanswered`, async ({
    page,
  }) => {
    await logInNewTraderThroughApi(page.request);
    const release = await holdLoginCheck(page);
    // Without the preload these requests never come while the answer is held: neither the
    // screen nor the logged-in shell around it.
    const codeOf = (chunk: string) =>
      page.waitForRequest(
        (request) => new RegExp(`/assets/${chunk}-[\\w-]+\\.js$`).test(request.url()),
        { timeout: 10_000 },
      );
    const screenCode = codeOf(screen);
    const shellCode = codeOf('authenticated-layout');
    await page.goto(path, { waitUntil: 'commit' });
    await Promise.all([screenCode, shellCode]);
    release();
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
  });
}

test('the login page fetches no screen behind the login', async ({ page }) => {
  const screens: string[] = [];
  page.on('request', (request) => {
    const match =
      /\/assets\/(dashboard|history|rules|analytics|settings|authenticated-layout)-[\w-]+\.js$/.exec(
        request.url(),
      );
    if (match?.[1]) screens.push(match[1]);
  });
  await page.goto('/login');
  await expect(page.getByRole('button', { name: 'Log in' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(screens).toEqual([]);
});
