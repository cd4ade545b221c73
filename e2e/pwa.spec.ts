import {
  expect,
  test,
  type APIRequestContext,
  type BrowserContext,
  type Page,
} from '@playwright/test';
import { getSessionTypes } from './session-support.ts';
import {
  afterTwoFrames,
  createRules,
  createTrader,
  expectNoSeriousViolations,
  expectToast,
  logInAsNewTrader,
  logInWithForm,
} from './support.ts';

// Every other spec blocks service workers (playwright.config.ts); this one is about them.
test.use({ serviceWorkers: 'allow' });

/** A PNG's width and height, read from its IHDR chunk. */
function pngSize(bytes: Buffer) {
  expect(bytes.subarray(0, 8)).toEqual(Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]));
  return `${bytes.readUInt32BE(16)}x${bytes.readUInt32BE(20)}`;
}

async function expectPng(request: APIRequestContext, url: string, size: string) {
  const response = await request.get(url);
  expect(response.status(), url).toBe(200);
  expect(response.headers()['content-type'], url).toBe('image/png');
  expect(pngSize(await response.body()), url).toBe(size);
}

function remindersCard(page: Page) {
  return page.getByRole('region', { name: 'Session Reminders' });
}

/** The settings page, its lazily loaded code given time on a busy machine. */
async function openSettings(page: Page) {
  await page.goto('/settings');
  await expect(remindersCard(page)).toBeVisible({ timeout: 20_000 });
}

test('the app can be installed: a valid manifest with PNG icons of the stated sizes', async ({
  page,
}) => {
  await page.goto('/login');
  const href = await page.locator('link[rel="manifest"]').getAttribute('href');
  expect(href).toBe('/manifest.webmanifest');
  const response = await page.request.get(href!);
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toMatch(/^application\/manifest\+json/);
  expect(response.headers()['cache-control']).toBe('no-cache');
  const manifest = (await response.json()) as {
    name: string;
    short_name: string;
    description: string;
    start_url: string;
    scope: string;
    display: string;
    theme_color: string;
    background_color: string;
    icons: { src: string; sizes: string; type: string; purpose?: string }[];
  };
  expect(manifest).toMatchObject({
    name: 'Rulekeeper',
    short_name: 'Rulekeeper',
    description: 'Trading discipline and performance tracker',
    start_url: '/',
    scope: '/',
    display: 'standalone',
    theme_color: '#047857',
    background_color: '#ffffff',
  });
  // The light theme's colours: the brand emerald of the theme-color meta, the white page.
  await expect(page.locator('meta[name="theme-color"]')).toHaveAttribute('content', '#047857');

  const sizes = manifest.icons.map((icon) => `${icon.sizes} ${icon.purpose ?? 'any'}`);
  expect(sizes).toEqual(expect.arrayContaining(['192x192 any', '512x512 any', '512x512 maskable']));
  for (const icon of manifest.icons) {
    expect(icon.type).toBe('image/png');
    await expectPng(page.request, icon.src, icon.sizes);
  }
  const appleIcon = await page.locator('link[rel="apple-touch-icon"]').getAttribute('href');
  await expectPng(page.request, appleIcon!, '180x180');
  // The tab's icon is a PNG too: an SVG one costs every page load a document of its own.
  const tabIcons = page.locator('link[rel="icon"]');
  await expect(tabIcons).toHaveCount(1);
  await expect(tabIcons).toHaveAttribute('type', 'image/png');
  await expectPng(page.request, (await tabIcons.getAttribute('href'))!, '48x48');
});

test('the service worker controls the app after a reload, opens it offline, and never serves /api', async ({
  page,
  context,
}) => {
  await logInAsNewTrader(page);
  const scriptURL = await page.evaluate(
    async () => (await navigator.serviceWorker.ready).active?.scriptURL,
  );
  expect(scriptURL).toMatch(/\/sw\.js$/);
  const worker = await page.request.get('/sw.js');
  expect(worker.headers()['cache-control']).toBe('no-cache');

  const script = page.waitForResponse((response) => /\/assets\/index-.+\.js$/.test(response.url()));
  const reloaded = await page.reload();
  expect(await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL)).toMatch(
    /\/sw\.js$/,
  );
  // The bundle comes from the worker's cache; the page from the network, with the login in its
  // answers (the cached shell has none: src/server/plugins/page-answers.ts).
  expect((await script).fromServiceWorker()).toBe(true);
  expect(await reloaded?.text()).toMatch(
    /id="page-answers">\{"\/api\/auth\/session":\{"authenticated":true/,
  );
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible({
    timeout: 20_000,
  });

  // What the worker keeps: this build's shell, and nothing of /api (screenshots, avatars, data).
  const cached = await page.evaluate(async () => {
    const urls: string[] = [];
    for (const name of await caches.keys()) {
      const cache = await caches.open(name);
      urls.push(...(await cache.keys()).map((request) => new URL(request.url).pathname));
    }
    return urls;
  });
  expect(cached).toEqual(expect.arrayContaining(['/index.html', '/manifest.webmanifest']));
  expect(cached.some((url) => /^\/assets\/index-.+\.js$/.test(url))).toBe(true);
  expect(cached.filter((url) => url.startsWith('/api'))).toEqual([]);

  // A fetch of /api with the worker in control still reaches the server every time.
  const answers = await page.evaluate(async () => {
    const first = await fetch('/api/auth/session').then((response) => response.json());
    await fetch('/api/auth/logout', { method: 'POST' });
    const second = await fetch('/api/auth/session').then((response) => response.json());
    return [first.authenticated, second.authenticated];
  });
  expect(answers).toEqual([true, false]);

  // Offline, a page of the app still opens: the shell comes from the cache.
  await context.setOffline(true);
  await page.goto('/history');
  await expect(page).toHaveTitle(/Rulekeeper/);
  expect(await page.locator('script[type="module"]').count()).toBeGreaterThan(0);
  await context.setOffline(false);
});

test('reminder settings are saved, refused when out of bounds, and survive a reload', async ({
  page,
}) => {
  await logInAsNewTrader(page);
  await openSettings(page);
  const card = remindersCard(page);
  await expect(card.getByText('Trading Session Reminders is on')).toBeVisible();
  const london = card.getByRole('checkbox', { name: 'London (08:00-17:00 UTC)' });
  const sydney = card.getByRole('checkbox', { name: 'Sydney (22:00-07:00 UTC)' });
  await expect(london).not.toBeChecked();
  // The trader's own clock beside UTC (this browser runs on UTC unless told otherwise).
  await expect(london).toHaveAccessibleDescription(/your time$/);
  const minutes = card.getByLabel('Minutes before the session opens');
  await expect(minutes).toHaveValue('15');

  await london.click();
  await sydney.click();
  await minutes.fill('1441');
  await card.getByRole('button', { name: 'Save Reminder Settings' }).click();
  await expect(card.getByText('Minutes before must be at most 1440')).toBeVisible();
  await expect(minutes).toBeFocused();
  await minutes.fill('');
  await card.getByRole('button', { name: 'Save Reminder Settings' }).click();
  await expect(card.getByText('Minutes before must be a number')).toBeVisible();
  await minutes.fill('20');
  await card.getByRole('button', { name: 'Save Reminder Settings' }).click();
  await expectToast(page, 'Settings Saved');

  const types = await getSessionTypes(page.request);
  const idOf = (name: string) => types.find((type) => type.name === name)?.id;
  const stored = await page.request.get('/api/user');
  const { user } = (await stored.json()) as {
    user: { preferences: { reminders: { sessionTypeIds: number[]; minutesBefore: number } } };
  };
  expect(user.preferences.reminders).toEqual({
    sessionTypeIds: [idOf('London'), idOf('Sydney')],
    minutesBefore: 20,
  });

  await page.reload();
  await expect(london).toBeChecked({ timeout: 20_000 });
  await expect(sydney).toBeChecked();
  await expect(card.getByRole('checkbox', { name: 'Tokyo (00:00-09:00 UTC)' })).not.toBeChecked();
  await expect(minutes).toHaveValue('20');

  // The card says when the Notifications switch keeps them from arriving.
  const notifications = page.getByRole('region', { name: 'Notifications', exact: true });
  await notifications.getByRole('switch', { name: 'Trading Session Reminders' }).click();
  await notifications.getByRole('button', { name: 'Save Notification Settings' }).click();
  await expect(card.getByText(/Trading Session Reminders is off: turn it on/)).toBeVisible();
});

test('a session type tile shows one focus ring, its own, when its checkbox has the keyboard focus', async ({
  page,
}) => {
  await logInAsNewTrader(page);
  await openSettings(page);
  const card = remindersCard(page);
  const name = 'London (08:00-17:00 UTC)';
  const london = card.getByRole('checkbox', { name });
  const tile = card.locator('label').filter({ has: page.getByRole('checkbox', { name }) });
  const shadows = () =>
    Promise.all(
      [london, tile].map((element) => element.evaluate((e) => getComputedStyle(e).boxShadow)),
    );
  const [checkboxAtRest, tileAtRest] = await shadows();

  await london.focus();
  await page.keyboard.press('Shift+Tab');
  await page.keyboard.press('Tab');
  await expect(london).toBeFocused();
  await expect.poll(async () => (await shadows())[1]).not.toBe(tileAtRest);
  expect((await shadows())[0]).toBe(checkboxAtRest);
});

/**
 * Records every notification the page or its worker registration is asked to show, and the
 * titles of the worker's that are closed.
 */
function recordNotifications() {
  const shown: { via: string; title: string; body: string | undefined }[] = [];
  const closed: string[] = [];
  Object.defineProperty(window, '__shownNotifications', { value: shown });
  Object.defineProperty(window, '__closedNotifications', { value: closed });
  const open = new Set<{ title: string; close: () => void }>();
  ServiceWorkerRegistration.prototype.showNotification = async function (title, options) {
    shown.push({ via: 'worker', title, body: options?.body });
    const notification = {
      title,
      close: () => {
        if (open.delete(notification)) closed.push(title);
      },
    };
    open.add(notification);
  };
  ServiceWorkerRegistration.prototype.getNotifications = async () =>
    [...open] as unknown as Notification[];
  const PageNotification = window.Notification;
  class RecordedNotification extends PageNotification {
    constructor(title: string, options?: NotificationOptions) {
      super(title, options);
      shown.push({ via: 'page', title, body: options?.body });
    }
  }
  window.Notification = RecordedNotification;
}

function shownNotifications(page: Page) {
  return page.evaluate(
    () =>
      (
        window as unknown as {
          __shownNotifications: { via: string; title: string; body: string }[];
        }
      ).__shownNotifications,
  );
}

function closedNotifications(page: Page) {
  return page.evaluate(
    () => (window as unknown as { __closedNotifications: string[] }).__closedNotifications,
  );
}

/**
 * A Tuesday, this week's or the next: London opens that day and Tokyo the next, whatever day
 * the tests run on (no market opens at the weekend, and no reminder says one does).
 */
function nextTuesday() {
  const day = new Date();
  day.setUTCDate(day.getUTCDate() + ((2 - day.getUTCDay() + 7) % 7));
  return day.toISOString().slice(0, 10);
}

/**
 * A trader with two rule notes and a reminder 15 minutes before London (08:00 UTC), on the
 * settings page at 07:40 UTC on a Tuesday by the page's clock (or `hoursEarlier`),
 * notifications allowed and recorded. Returns the page's day (the Tuesday).
 */
async function openAppBeforeLondon(
  page: Page,
  context: BrowserContext,
  { hoursEarlier = 0 }: { hoursEarlier?: number } = {},
) {
  await context.grantPermissions(['notifications']);
  await page.addInitScript(recordNotifications);
  const today = nextTuesday();
  // Installed before the first page: the app's timers all run on this clock, from 07:40 UTC
  // (or as many hours earlier).
  const opened = Date.parse(`${today}T07:40:00Z`) - hoursEarlier * 3_600_000;
  await page.clock.install({ time: new Date(opened) });

  const account = await createTrader(page.request);
  await logInWithForm(page, account);
  await createRules(page, [
    { description: 'No notes here' },
    { description: 'Follow stop loss', notes: 'Set it before entry' },
    { description: 'Size by risk', notes: 'One percent per trade' },
  ]);
  const types = await getSessionTypes(page.request);
  const london = types.find((type) => type.name === 'London')!;
  const saved = await page.request.put('/api/auth/update-profile', {
    data: { preferences: { reminders: { sessionTypeIds: [london.id], minutesBefore: 15 } } },
  });
  expect(saved.status(), await saved.text()).toBe(200);

  // The reminder's note comes from the rules the app loads: the clock is paused below, and an
  // answer still on its way then (a busy machine) would come after the reminder has fired.
  const rulesLoaded = page.waitForResponse(
    (response) =>
      new URL(response.url()).pathname === '/api/rules' &&
      response.request().method() === 'GET' &&
      new URL(response.frame().url()).pathname === '/settings',
  );
  await openSettings(page);
  await (await rulesLoaded).finished();
  await expect(
    remindersCard(page).getByText('Notifications are allowed in this browser.'),
  ).toBeVisible();
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });

  return today;
}

test('one notification fires before London opens, with a rule note, under a mocked clock; a new choice is planned at once', async ({
  page,
  context,
}) => {
  const today = await openAppBeforeLondon(page, context);

  // London opens at 08:00 UTC: 15 minutes before is 07:45.
  await page.clock.pauseAt(new Date(`${today}T07:44:00Z`));
  await page.clock.runFor('00:59');
  expect(await shownNotifications(page)).toEqual([]);
  await page.clock.runFor('00:02');
  await expect.poll(() => shownNotifications(page)).toHaveLength(1);
  // Nothing more until tomorrow's London: not at the open, not an hour later.
  await page.clock.runFor('01:15:00');
  expect(await shownNotifications(page)).toEqual([
    {
      via: 'worker',
      title: 'London opens in 15 minutes',
      body: 'Follow stop loss\nSet it before entry',
    },
  ]);

  // A new choice is planned at once: Tokyo (00:00 UTC) 30 minutes before, with the next note.
  await page.clock.resume();
  const card = remindersCard(page);
  await card.getByRole('checkbox', { name: 'London (08:00-17:00 UTC)' }).click();
  await card.getByRole('checkbox', { name: 'Tokyo (00:00-09:00 UTC)' }).click();
  await card.getByLabel('Minutes before the session opens').fill('30');
  // Saved, and the login's user fetched again: the app now has the new choice.
  const refreshed = page.waitForResponse((response) =>
    response.url().endsWith('/api/auth/session'),
  );
  await card.getByRole('button', { name: 'Save Reminder Settings' }).click();
  await expectToast(page, 'Settings Saved');
  await refreshed;
  // From about 09:00 to 23:28, every timer of the app running as it would.
  await page.clock.runFor('14:28:00');
  expect(await shownNotifications(page)).toHaveLength(1);
  await page.clock.runFor('00:03:00');
  await expect.poll(() => shownNotifications(page)).toHaveLength(2);
  expect((await shownNotifications(page))[1]).toEqual({
    via: 'worker',
    title: 'Tokyo opens in 30 minutes',
    body: 'Size by risk\nOne percent per trade',
  });
});

test('the Session Reminders card has no accessibility violations', async ({ page, context }) => {
  await logInAsNewTrader(page);
  await openSettings(page);
  const card = remindersCard(page);
  // Not yet allowed: the card offers to ask.
  await expect(card.getByRole('button', { name: 'Allow notifications' })).toBeVisible();
  await card.getByRole('checkbox', { name: 'London (08:00-17:00 UTC)' }).click();
  await card.getByLabel('Minutes before the session opens').fill('-5');
  await card.getByRole('button', { name: 'Save Reminder Settings' }).click();
  await expect(card.getByText('Minutes before must be 0 or more')).toBeVisible();
  // The card alone: the whole settings page is scanned by its own spec.
  await expectNoSeriousViolations(page, [card]);

  await context.grantPermissions(['notifications']);
  await page.reload();
  await expect(card.getByText('Notifications are allowed in this browser.')).toBeVisible({
    timeout: 20_000,
  });
  await expectNoSeriousViolations(page, [card]);
});

test("the browser's answer replacing 'Allow notifications' keeps the keyboard on the card", async ({
  page,
  context,
}) => {
  await logInAsNewTrader(page);
  await openSettings(page);
  const card = remindersCard(page);
  // The market sessions, read on their own, are the card's next controls once they are there.
  const firstSession = card.getByRole('checkbox').first();
  await expect(firstSession).toBeVisible();
  const allow = card.getByRole('button', { name: 'Allow notifications' });
  await allow.focus();
  // The trader says yes (the browser's question, which a headless browser does not ask, or its
  // site settings) while the button has the keyboard.
  await context.grantPermissions(['notifications']);
  const answer = card.getByRole('status').filter({
    hasText: 'Notifications are allowed in this browser.',
  });
  await expect(answer).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(firstSession).toBeFocused();
});

test('a tab whose login ended elsewhere shows no reminder with the trader’s notes', async ({
  page,
  context,
}) => {
  const today = await openAppBeforeLondon(page, context);
  // Another tab logs out (the same browser's cookie): this one, in the background, asked
  // nothing since, and the next person at the computer must not get the trader's notes.
  // Waited for from before the logout: the window's real focus (this browser's) may also ask,
  // and take the tab to the login page first; no reminder either way.
  const asked = page.waitForResponse(async (response) => {
    if (new URL(response.url()).pathname !== '/api/auth/session') return false;
    // The answer that says so: one to a question asked before the logout (the window's focus,
    // given back by another worker's window) does not count.
    return !((await response.json()) as { authenticated: boolean }).authenticated;
  });
  const loggedOut = await page.request.post('/api/auth/logout');
  expect(loggedOut.status(), await loggedOut.text()).toBe(200);
  await page.clock.pauseAt(new Date(`${today}T07:44:00Z`));
  await page.clock.runFor('01:30');
  // Asked as the reminder was due, and told no one is logged in: nothing shown, and the tab
  // goes to the login page.
  await asked;
  // The query client tells the page on a timer of its own: the paused clock runs a little.
  await page.clock.runFor('00:01');
  await expect(page).toHaveURL(/\/login$/);
  expect(await shownNotifications(page)).toEqual([]);
});

test('a reminder takes its note as the server has it when due, not as the tab last read it', async ({
  page,
  context,
}) => {
  const today = await openAppBeforeLondon(page, context);
  // Changed on another device: this tab, in the background, reads nothing meanwhile.
  const listed = await page.request.get('/api/rules');
  const { rules } = (await listed.json()) as { rules: { id: number; description: string }[] };
  const stopLoss = rules.find((rule) => rule.description === 'Follow stop loss')!;
  const changed = await page.request.put(`/api/rules/${stopLoss.id}`, {
    data: { description: 'Follow stop loss', notes: 'Place it with the order' },
  });
  expect(changed.status(), await changed.text()).toBe(200);

  await page.clock.pauseAt(new Date(`${today}T07:44:00Z`));
  await page.clock.runFor('01:30');
  await expect.poll(() => shownNotifications(page)).toHaveLength(1);
  expect((await shownNotifications(page))[0]?.body).toBe(
    'Follow stop loss\nPlace it with the order',
  );
});

test('a reminder shown is closed when the trader logs out: its rule note stays with the login', async ({
  page,
  context,
}) => {
  const today = await openAppBeforeLondon(page, context);
  await page.clock.pauseAt(new Date(`${today}T07:44:00Z`));
  await page.clock.runFor('01:30');
  await expect.poll(() => shownNotifications(page)).toHaveLength(1);
  expect(await closedNotifications(page)).toEqual([]);

  await page.clock.resume();
  await page.getByRole('button', { name: /@example\.com/ }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect.poll(() => closedNotifications(page)).toEqual(['London opens in 15 minutes']);
});

test('a reminder due as the trader logs out is not shown once the login has gone', async ({
  page,
  context,
}) => {
  const today = await openAppBeforeLondon(page, context);
  // The reminder's read of the rules is held until the trader has logged out.
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/rules', async (route) => {
    if (route.request().method() !== 'GET') return route.fallback();
    await released;
    // The logout may have cancelled it meanwhile.
    await route.continue().catch(() => {});
  });
  const rulesAsked = page.waitForRequest(
    (request) => new URL(request.url()).pathname === '/api/rules' && request.method() === 'GET',
  );
  await page.clock.pauseAt(new Date(`${today}T07:44:00Z`));
  await page.clock.runFor('01:30');
  await rulesAsked;

  await page.clock.resume();
  await page.getByRole('button', { name: /@example\.com/ }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/login$/);
  release();
  // Time for the reminder's last steps, had it gone on: before, it was shown here, saying to
  // add notes (the rules' read cancelled by the logout read as no rules).
  await afterTwoFrames(page);
  await page.waitForTimeout(1_000);
  expect(await shownNotifications(page)).toEqual([]);
});

test('a reminder planned the evening before is shown on time after the computer slept with the window visible', async ({
  page,
  context,
}) => {
  // Opened at 19:40 the evening before: the reminder is 12 hours 5 minutes away.
  const today = await openAppBeforeLondon(page, context, { hoursEarlier: 12 });
  await page.clock.runFor('01:00');
  // The computer sleeps: the wall clock moves on, the page's timers do not (as on macOS and
  // Linux), and the window stays visible, so nothing tells the page.
  await page.clock.setSystemTime(new Date(`${today}T07:44:30Z`));
  await page.clock.runFor('01:30');
  await expect.poll(() => shownNotifications(page)).toHaveLength(1);
  expect((await shownNotifications(page))[0]?.title).toMatch(/^London opens in 1[45] minutes$/);
});

test('a reminder missed while the tab slept is shown when it is visible again, with the minutes left', async ({
  page,
  context,
}) => {
  const today = await openAppBeforeLondon(page, context);
  await page.clock.pauseAt(new Date(`${today}T07:41:00Z`));
  // The tab sleeps: the wall clock moves on to 07:50 while no timer runs.
  await page.clock.setSystemTime(new Date(`${today}T07:50:00Z`));
  expect(await shownNotifications(page)).toEqual([]);
  // Shown again: the reminder due at 07:45 comes at once, saying what is left, not '15 minutes'.
  await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));
  await page.clock.runFor(10);
  await expect.poll(() => shownNotifications(page)).toHaveLength(1);
  expect((await shownNotifications(page))[0]?.title).toBe('London opens in 10 minutes');
  await page.clock.runFor('20:00');
  expect(await shownNotifications(page)).toHaveLength(1);
});
