import { AxeBuilder } from '@axe-core/playwright';
import {
  expect,
  request,
  test,
  type APIRequestContext,
  type Locator,
  type Page,
} from '@playwright/test';
import { twMerge } from 'tailwind-merge';

export const ADMIN = {
  username: 'desk-admin',
  password: 'admin-password-1',
  fullName: 'Desk Administrator',
  email: 'admin@example.com',
};

export interface Account {
  username: string;
  password: string;
  fullName: string;
  email: string;
  companyName?: string;
}

/** A unique trader, created through the API (the journeys under test create their own in the UI). */
export async function createTrader(request: APIRequestContext, overrides: Partial<Account> = {}) {
  const id = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const account: Account = {
    username: `trader_${id}`,
    password: `pw-${id}-secret`,
    fullName: `Trader ${id.toUpperCase()}`,
    email: `trader_${id}@example.com`,
    ...overrides,
  };
  const response = await request.post('/api/auth/signup', { data: account });
  expect(response.status(), await response.text()).toBe(201);
  return account;
}

/** Fills in and sends the login form already on screen. */
export async function submitLoginForm(
  page: Page,
  account: Pick<Account, 'username' | 'password'>,
  rememberMe = false,
) {
  await page.getByLabel('Username').fill(account.username);
  await page.getByLabel('Password').fill(account.password);
  const remember = page.getByRole('checkbox', { name: 'Remember me' });
  if ((await remember.isChecked()) !== rememberMe) await remember.click();
  await page.getByRole('button', { name: 'Log in' }).click();
}

/** Logs in through the login screen and waits for the dashboard. */
export async function logInWithForm(
  page: Page,
  account: Pick<Account, 'username' | 'password'>,
  rememberMe = false,
) {
  await page.goto('/login');
  await submitLoginForm(page, account, rememberMe);
  await expect(page).toHaveURL(/\/$/);
}

/**
 * A fresh trader, logged in through the API on `request` (a page's request context shares the
 * page's cookies): the login form has tests of its own, and every other test saves its round
 * trip.
 */
export async function logInNewTraderThroughApi(
  request: APIRequestContext,
  overrides: Partial<Account> = {},
) {
  const account = await createTrader(request, overrides);
  const response = await request.post('/api/auth/login', {
    data: { username: account.username, password: account.password },
  });
  expect(response.status(), await response.text()).toBe(200);
  return account;
}

/**
 * Holds back the page's requests to `url` (only those of `method`, when given) until the
 * function it answers is called, so that what a screen shows while it waits can be seen.
 */
export async function holdRequests(page: Page, url: string | RegExp, method?: string) {
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(url, async (route) => {
    if (method && route.request().method() !== method) return route.continue();
    await released;
    await route.continue();
  });
  return release;
}

/**
 * Answers the page's next dialog of the browser's own (a `confirm`), accepting or declining it,
 * and resolves to its kind and its words. Without an answer Playwright declines it unseen.
 */
export function answerNextBrowserDialog(page: Page, accept: boolean) {
  return new Promise<{ type: string; message: string }>((resolve) => {
    page.once('dialog', (dialog) => {
      resolve({ type: dialog.type(), message: dialog.message() });
      void (accept ? dialog.accept() : dialog.dismiss());
    });
  });
}

/**
 * Changes the answers the server puts in every page it sends (src/server/plugins/page-answers.ts)
 * before the browser reads them: `edit` gets them by path, as the app will, and may change or
 * delete any. For a journey whose server state differs from the e2e server's.
 */
export async function editPageAnswers(
  page: Page,
  edit: (answers: Record<string, unknown>) => void,
) {
  const element = /(<script type="application\/json" id="page-answers">)(.*?)(<\/script>)/;
  await page.route('**/*', async (route) => {
    if (route.request().resourceType() !== 'document') return route.fallback();
    const response = await route.fetch();
    const body = (await response.text()).replace(element, (_match, open, json, close) => {
      const answers = JSON.parse(json as string) as Record<string, unknown>;
      edit(answers);
      return `${open}${JSON.stringify(answers).replaceAll('<', '\\u003c')}${close}`;
    });
    await route.fulfill({ response, body });
  });
}

/** A fresh trader, logged in on `page` and on its dashboard. */
export async function logInAsNewTrader(page: Page) {
  const account = await logInNewTraderThroughApi(page.request);
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: /Trading Dashboard$/ })).toBeVisible();
  return account;
}

/**
 * Ends the page's login on the server only, as an expiry or a logout elsewhere would: a separate
 * request context logs out with the same cookie, and the browser keeps its now-dead cookie.
 */
export async function endLoginOnServer(page: Page) {
  const cookie = (await page.context().cookies())
    .map(({ name, value }) => `${name}=${value}`)
    .join('; ');
  const elsewhere = await request.newContext({
    baseURL: new URL(page.url()).origin,
    extraHTTPHeaders: { cookie },
  });
  const response = await elsewhere.post('/api/auth/logout');
  expect(response.status(), await response.text()).toBe(200);
  await elsewhere.dispose();
}

/**
 * Headless Chromium tells every page it has focus and fires no event when a tab comes to the
 * front. With that emulation off it behaves as a desktop browser: `bringToFront()` gives the
 * window a real `focus` event (though, headless, no `visibilitychange`).
 */
export async function enableRealWindowFocus(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setFocusEmulationEnabled', { enabled: false });
}

/**
 * The option a select shows. Selects are the browser's own: the element's text is every
 * option's, so what the trader sees is the chosen option's.
 */
export function chosenOption(select: Locator) {
  return select.getByRole('option', { selected: true });
}

/** The toast region: Radix keeps it on the page, empty when no toast is shown. */
export function toastRegion(page: Page) {
  return page.getByRole('region', { name: /^Notifications \(/ });
}

/** Expects a toast with this title and text (Radix also copies toasts into a live region). */
export async function expectToast(page: Page, title: string, text?: string) {
  const region = toastRegion(page);
  await expect(region.getByText(title, { exact: true })).toBeVisible();
  if (text) await expect(region.getByText(text, { exact: true })).toBeVisible();
}

/**
 * Creates rules through the API, in order, as the logged-in user of `page`
 * (its request context shares the page's cookies).
 */
export async function createRules(page: Page, rules: { description: string; notes?: string }[]) {
  for (const rule of rules) {
    const response = await page.request.post('/api/rules', { data: rule });
    expect(response.status(), await response.text()).toBe(201);
  }
}

/**
 * The rule descriptions in the order the list shows them, read once from the drag handles:
 * wrap it in `expect.poll` so it waits for the list to render.
 */
export async function shownRuleOrder(page: Page) {
  const labels = await page
    .getByRole('button', { name: /^Reorder rule: / })
    .evaluateAll((handles) => handles.map((handle) => handle.getAttribute('aria-label') ?? ''));
  return labels.map((label) => label.replace(/^Reorder rule: /, ''));
}

/**
 * Moves a rule down with the keyboard as a screen reader user does: Space picks it up (the handle
 * is then pressed), each arrow key moves it 25 px, and Space drops it once the announcement
 * names the new position. Arrow keys are pressed one at a time until it does, at most `steps`
 * and as many again: the drag library starts listening for them a moment after the pick-up,
 * and on a busy machine the browser handles input before that moment's timer, so the first
 * presses can go unheard (a CI run heard none of six). Waiting for the announcement also keeps
 * a machine that measures the rows late from dropping the row before it has moved.
 */
export async function moveRuleDownWithKeyboard(
  page: Page,
  description: string,
  { steps, position, of }: { steps: number; position: number; of: number },
) {
  const handle = page.getByRole('button', { name: `Reorder rule: ${description}` });
  await handle.focus();
  await page.keyboard.press('Space');
  await expect(handle).toHaveAttribute('aria-pressed', 'true');
  const moved = page.getByText(`Rule "${description}" moved to position ${position} of ${of}.`);
  for (let pressed = 0; pressed < steps * 2 && (await moved.count()) === 0; pressed++) {
    await page.keyboard.press('ArrowDown');
    await moved.waitFor({ state: 'attached', timeout: 250 }).catch(() => {});
  }
  await expect(moved).toBeAttached();
  await page.keyboard.press('Space');
  // The keys were the drag's: the handle's move menu stayed shut.
  await expect(page.getByRole('menu')).toHaveCount(0);
}

/**
 * Waits until the page's finite animations have ended (a spinner's endless one is left running),
 * as a person sees a dialog finish appearing before pressing a key in it. Radix starts listening
 * for a dialog's Escape one render after the dialog is in the page, a React update of default
 * priority, and Chromium handles input before such work: an Escape pressed the moment the
 * dialog is visible can reach no listener (1 in 30 here; a CI run lost one so).
 */
export async function waitForAnimationsToEnd(page: Page) {
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every(
        (animation) =>
          animation.playState !== 'running' ||
          animation.effect?.getComputedTiming().iterations === Infinity,
      ),
  );
}

/**
 * Lets the page run two frames: what it does at once about an event just past (a render, a
 * dialog's focus given back on a timer) is done, so that an absence checked next means something.
 */
export async function afterTwoFrames(page: Page) {
  await page.evaluate(
    () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
  );
}

/**
 * Closes the tab as a person does, the page's `beforeunload` question included, once the page
 * has run two frames: the render that arms or disarms the question after the last key press is
 * done, as it is long before a person's hand reaches the close button. (A CI run once got no
 * question; no cause was found, and a busy page still gets its question here.)
 */
export async function closeTab(page: Page) {
  await afterTwoFrames(page);
  await page.close({ runBeforeUnload: true });
}

/** Presses Escape once the page's animations have ended: a dialog or menu just opened hears it. */
export async function pressEscape(page: Page) {
  await waitForAnimationsToEnd(page);
  await page.keyboard.press('Escape');
}

/** An axe scan of a whole screen takes up to about 3 s on two busy cores. */
const AXE_SCAN_ALLOWANCE_MS = 10_000;

/**
 * Runs axe on the page as it is now, or on the parts `within` only (a test of one card, on a
 * page whose whole scan belongs to that page's own tests), and expects no serious or critical
 * violation. Each scan adds its own allowance to the test's time limit, so a test that checks
 * several screens and dialogs does not run out of time on a busy machine. A dialog that is
 * still fading in has half-transparent text, which axe reports as too little contrast: the scan
 * waits for the page's finite animations to end (a spinner's endless one is left running).
 * Every scan checks the whole page's classes too (`expectNoConflictingClasses`).
 */
export async function expectNoSeriousViolations(page: Page, within: Locator[] = []) {
  test.info().setTimeout(test.info().timeout + AXE_SCAN_ALLOWANCE_MS);
  await waitForAnimationsToEnd(page);
  await expectNoConflictingClasses(page);
  // The app has no frames, so axe runs in the page itself (legacy mode) rather than in each
  // frame with the results merged in a blank page opened for it; and it sorts out the elements
  // of the violations only, not of every passed check. The two together cut a scan of the
  // analytics page from 8 s to under 2 s, and a violation is reported as before.
  const axe = new AxeBuilder({ page }).setLegacyMode().options({ resultTypes: ['violations'] });
  await page.evaluate(() => {
    for (const marked of document.querySelectorAll('[data-axe-scope]')) {
      marked.removeAttribute('data-axe-scope');
    }
  });
  for (const part of within) {
    await part.evaluate((element) => element.setAttribute('data-axe-scope', ''));
  }
  if (within.length > 0) axe.include('[data-axe-scope]');
  const results = await axe.analyze();
  const serious = results.violations.filter(
    (v) => v.impact === 'serious' || v.impact === 'critical',
  );
  expect(
    serious.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target).join(', ')})`),
  ).toEqual([]);
}

/**
 * No element of the page carries two Tailwind classes that set one property (`p-6` and `p-4`,
 * `text-xl` and `text-lg`), nor one utility twice: which of two such classes applies depends on
 * the stylesheet's order, not on the order they are written in, so one of them is a mistake.
 * The app's `cn()` joins classes without resolving such conflicts (decision 67); tailwind-merge,
 * which knows which classes conflict, finds them here.
 */
export async function expectNoConflictingClasses(page: Page) {
  const classLists = await page.evaluate(() => [
    ...new Set(
      Array.from(document.querySelectorAll('[class]'), (element) =>
        (element.getAttribute('class') ?? '').trim().replace(/\s+/g, ' '),
      ),
    ),
  ]);
  const conflicts = classLists.flatMap((classList) => {
    const kept = twMerge(classList).split(' ');
    const dropped = classList.split(' ').filter((name) => {
      const index = kept.indexOf(name);
      if (index === -1) return true;
      kept.splice(index, 1);
      return false;
    });
    return dropped.length > 0 ? [`${dropped.join(' ')} in "${classList}"`] : [];
  });
  expect(conflicts, 'classes overridden by a later one of the same element').toEqual([]);
}

/**
 * Presses `key` (Tab or Shift+Tab) `times` times and lists each control of the page's main
 * content it reached that an element matching `selector` (what stays at the window's top)
 * covered, however little.
 */
export async function controlsCoveredWhileTabbing(
  page: Page,
  selector: string,
  key: string,
  times: number,
) {
  const covered: string[] = [];
  for (let step = 0; step < times; step += 1) {
    await page.keyboard.press(key);
    await afterTwoFrames(page);
    const overlap = await page.evaluate((selector) => {
      const focused = document.activeElement;
      // The page's own controls (the skip link, a menu, the sidebar are drawn over the bars).
      if (!focused?.closest('main')) return null;
      const control = focused.getBoundingClientRect();
      for (const bar of document.querySelectorAll(selector)) {
        if (bar.contains(focused)) return null;
        const cover = bar.getBoundingClientRect();
        const under = Math.min(control.bottom, cover.bottom) - Math.max(control.top, cover.top);
        const across = Math.min(control.right, cover.right) - Math.max(control.left, cover.left);
        if (under > 0.5 && across > 0.5) {
          const name = focused.getAttribute('aria-label') ?? focused.textContent?.trim();
          return `${name?.slice(0, 40)}: ${Math.round(under)} px under ${bar.tagName}`;
        }
      }
      return null;
    }, selector);
    if (overlap) covered.push(overlap);
  }
  return covered;
}
