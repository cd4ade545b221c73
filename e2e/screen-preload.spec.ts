import { expect, test, type Page } from '@playwright/test';
import { holdRequests, logInNewTraderThroughApi } from './support.ts';

/*
 * The app must know who is logged in before it shows a screen behind the login. The server puts
 * that answer in the page it sends (src/server/plugins/page-answers.ts) and names the screen's
 * code in the page of a request with a login (src/server/plugins/client-app.ts). When the page
 * comes as built, as the installed app's service worker serves it offline, the app asks for the
 * login itself, and starts downloading the screen's code as it starts (src/client/app/router.tsx):
 * the two round trips overlap on a phone's network.
 */

/** Answers the page's own request with the page as built, as the service worker does. */
async function servePageAsBuilt(page: Page) {
  await page.route(
    (url) => url.pathname === '/' || url.pathname === '/history',
    async (route) => {
      if (route.request().resourceType() !== 'document') return route.fallback();
      const built = await route.fetch({ url: new URL('/index.html', route.request().url()).href });
      const body = await built.text();
      expect(body).not.toMatch(/\/assets\/(dashboard|history)-/);
      await route.fulfill({ response: built, body });
    },
  );
}

for (const [screen, path, heading] of [
  ['dashboard', '/', /Trading Dashboard$/],
  ['history', '/history', 'Session History'],
] as const) {
  test(`the ${screen}'s code downloads while the login check is still unanswered`, async ({
    page,
  }) => {
    await logInNewTraderThroughApi(page.request);
    await servePageAsBuilt(page);
    const release = await holdRequests(page, '**/api/auth/session');
    // Without the app's preload these requests never come while the answer is held: neither
    // the screen nor the logged-in shell around it.
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

test('a logged-in trader’s page names its screen’s code, and each file is fetched once', async ({
  page,
}) => {
  await logInNewTraderThroughApi(page.request);
  const fetched: string[] = [];
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (pathname.endsWith('.js')) fetched.push(pathname);
  });
  const response = await page.goto('/history');
  await expect(page.getByRole('heading', { level: 1, name: 'Session History' })).toBeVisible();
  await page.waitForLoadState('networkidle');

  // The server names the screen and the logged-in shell beside the page's own scripts, so the
  // browser fetches them before the app has run (src/server/plugins/client-app.ts).
  const named = [
    ...(await response!.text()).matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)"/g),
  ].map((match) => match[1]);
  expect(named).toContainEqual(expect.stringMatching(/^\/assets\/history-[\w-]+\.js$/));
  expect(named).toContainEqual(
    expect.stringMatching(/^\/assets\/authenticated-layout-[\w-]+\.js$/),
  );
  // The app's own request for that code finds it on its way: one download each.
  for (const file of named)
    expect(
      fetched.filter((path) => path === file),
      file,
    ).toHaveLength(1);
});

/** The app's calls to the API from here on, by path. */
function recordCalls(page: Page): string[] {
  const calls: string[] = [];
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (pathname.startsWith('/api/')) calls.push(pathname);
  });
  return calls;
}

test('the login page comes with who is logged in and the app’s name: the app asks for neither', async ({
  page,
}) => {
  const calls = recordCalls(page);
  await page.goto('/login');
  await expect(page.getByRole('button', { name: 'Log in' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  // The server put both answers in the page (src/server/plugins/page-answers.ts).
  expect(calls).toEqual([]);
});

test('the dashboard comes with its login and notices, and asks only for its cards’ data', async ({
  page,
}) => {
  const trader = await logInNewTraderThroughApi(page.request);
  const calls = recordCalls(page);
  await page.goto('/');
  await expect(
    page.getByRole('heading', { level: 1, name: `${trader.fullName} Trading Dashboard` }),
  ).toBeVisible();
  // Drawn once the notices are known (routes/dashboard.tsx): the page's answer was used.
  await expect(page.getByRole('heading', { name: 'Your Trading Rules' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(calls).not.toContain('/api/auth/session');
  expect(calls).not.toContain('/api/app-info');
  expect(calls).not.toContain('/api/notices');
  expect(calls).toContain('/api/rules');
});

test('the answers the page came with leave it once read: after a logout, it holds none of them', async ({
  page,
}) => {
  const trader = await logInNewTraderThroughApi(page.request);
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Your Trading Rules' })).toBeVisible();
  await expect(page.locator('#page-answers')).toHaveCount(0);

  // The logout changes screens without a new page: the next person at this browser finds
  // nothing of the trader in it, its developer tools included.
  await page.getByRole('button', { name: new RegExp(trader.fullName) }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await expect(page.getByRole('button', { name: 'Log in' })).toBeVisible();
  expect(await page.content()).not.toContain(trader.email);
});
