import { expect, test, type Page, type Response } from '@playwright/test';
import { fileURLToPath } from 'node:url';
import { readPageScriptSources } from '../src/server/plugins/page-scripts.ts';
import { documentHeaders } from '../src/server/plugins/security-headers.ts';
import { logInRequestAsAdmin } from './admin-support.ts';
import { createSession, checklist, localToday } from './session-support.ts';
import { createRules, createTrader, logInAsNewTrader } from './support.ts';

/*
 * Every screen of the app, as a guest, a trader and an administrator, with the security headers
 * as the browser received them and not one Content Security Policy violation: the policy
 * forbids inline scripts (but the page's own two, by their hashes), other origins and frames, and a screen that needs any of them would
 * be broken for real users, silently.
 */

// Many screens, each waited for until the network is quiet, on a machine that may be busy.
test.slow();
/** Lazy screens on a busy machine can take longer than the default 5 s to appear. */
const expectSoon = expect.configure({ timeout: 20_000 });

declare global {
  interface Window {
    /** Filled by the init script below: one line per violation the page reported. */
    cspViolations: string[];
  }
}

/** Listens before any of the page's own scripts run, in every document the page loads. */
function listenForViolations(page: Page) {
  const fromConsole: string[] = [];
  page.on('console', (message) => {
    if (
      /Content Security Policy|Refused to (load|execute|apply|connect|frame)/i.test(message.text())
    ) {
      fromConsole.push(message.text());
    }
  });
  return page
    .addInitScript(() => {
      window.cspViolations = [];
      document.addEventListener('securitypolicyviolation', (event) => {
        window.cspViolations.push(
          `${event.violatedDirective} blocked ${event.blockedURI || '(inline)'} at ${event.sourceFile}:${event.lineNumber}`,
        );
      });
    })
    .then(() => ({
      /** Every violation so far, from the events and from the console. */
      all: async () => [...(await page.evaluate(() => window.cspViolations ?? [])), ...fromConsole],
    }));
}

/**
 * The inline scripts the policy allows: the built page's two, by their hashes. The theme script
 * must run before the first paint (docs/decisions/0060-the-page-paints-first.md), and the one
 * that reloads the page when the app's files do not arrive, before those files are asked for
 * (docs/decisions/0061-a-new-version-under-an-open-page.md).
 */
const pageScripts = readPageScriptSources(
  fileURLToPath(new URL('../dist/client', import.meta.url)),
);

test('the policy allows the page’s two inline scripts, by their hashes', () => {
  expect(pageScripts).toHaveLength(2);
  for (const source of pageScripts) expect(source).toMatch(/^'sha256-[A-Za-z0-9+/]{43}='$/);
});

/** The headers of the page's own answer (the HTML), as the browser got them. */
function expectSecurityHeaders(response: Response | null, where: string) {
  expect(response, where).not.toBeNull();
  const headers = response?.headers() ?? {};
  for (const [name, value] of Object.entries(documentHeaders(pageScripts))) {
    expect(headers[name], `${where}: ${name}`).toBe(value);
  }
  // What the table above must keep saying, whatever else changes in it.
  const policy = new Map(
    (headers['content-security-policy'] ?? '').split(';').map((directive) => {
      const [name = '', ...values] = directive.trim().split(/\s+/);
      return [name, values];
    }),
  );
  expect(policy.get('script-src'), where).toEqual(["'self'", ...pageScripts]);
  expect(policy.get('default-src'), where).toEqual(["'self'"]);
  expect(policy.get('object-src'), where).toEqual(["'none'"]);
  expect(policy.get('frame-ancestors'), where).toEqual(["'none'"]);
  expect(policy.get('base-uri'), where).toEqual(["'self'"]);
  expect(headers['x-frame-options'], where).toBe('DENY');
  expect(headers['x-content-type-options'], where).toBe('nosniff');
  expect(headers['referrer-policy'], where).toBe('no-referrer');
}

/** Opens `path`, waits for the screen and for the network to settle, checks the headers. */
async function visit(page: Page, path: string, isShown: () => Promise<void>) {
  const response = await page.goto(path);
  expectSecurityHeaders(response, path);
  await isShown();
  await page.waitForLoadState('networkidle');
}

const title = (page: Page, screen: string | RegExp) => () =>
  expectSoon(page).toHaveTitle(typeof screen === 'string' ? `${screen} · Rulekeeper` : screen);

test('the login, signup and 404 screens, as a guest', async ({ page }) => {
  const violations = await listenForViolations(page);
  await visit(page, '/login', title(page, 'Login'));
  await visit(page, '/signup', title(page, 'Sign up'));
  await visit(page, '/no/such/page', title(page, 'Page Not Found'));
  expect(await violations.all()).toEqual([]);
});

test('every screen of a trader, with rules, sessions and a screenshot', async ({ page }) => {
  const violations = await listenForViolations(page);
  await logInAsNewTrader(page);
  await createRules(page, [{ description: 'Wait for the setup', notes: 'Patience pays' }]);
  const session = await createSession(page, {
    name: 'Morning with a chart',
    date: await localToday(page),
    rulesFollowed: await checklist(page, 1),
    withScreenshot: true,
    notes: 'Calm',
  });

  await visit(page, '/', title(page, 'Dashboard'));
  await visit(page, '/rules', title(page, 'Trading Rules'));
  await visit(page, '/history', title(page, 'Session History'));
  await visit(page, `/history/${session.id}`, async () => {
    await title(page, 'Session Details')();
    await expectSoon(page.getByText('Morning with a chart').first()).toBeVisible();
  });
  await visit(page, '/analytics', title(page, 'Analytics'));
  await visit(page, '/settings', title(page, 'Settings'));
  await visit(page, '/admin', () =>
    expectSoon(page.getByRole('heading', { name: 'Not allowed', level: 1 })).toBeVisible(),
  );
  await visit(page, '/no/such/page', title(page, 'Page Not Found'));
  expect(await violations.all()).toEqual([]);
});

test('the administrator’s screens and the API description', async ({ page, browser }) => {
  // A trader who shares, so the team list has a row and a drill-down to open.
  const traderContext = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  const trader = await createTrader(traderContext.request);
  await traderContext.request.post('/api/auth/login', {
    data: { username: trader.username, password: trader.password },
  });
  const shared = await traderContext.request.put('/api/auth/update-profile', {
    data: { preferences: { sharing: { discipline: true } } },
  });
  expect(shared.status(), await shared.text()).toBe(200);
  const { user } = (await shared.json()) as { user: { id: number } };
  await traderContext.close();

  const violations = await listenForViolations(page);
  await logInRequestAsAdmin(page.request);
  await visit(page, '/admin', title(page, 'User Management'));
  await visit(page, '/admin/team', title(page, 'Team discipline'));
  await visit(page, `/admin/team/${user.id}`, title(page, `${trader.fullName} · Team discipline`));
  await visit(page, '/api/docs', () =>
    expectSoon(page.getByRole('heading', { name: /Rulekeeper API/ })).toBeVisible(),
  );
  expect(await violations.all()).toEqual([]);
});

test('the listener hears a violation when there is one', async ({ page }) => {
  // Without this, a listener that hears nothing would pass every test above.
  const violations = await listenForViolations(page);
  await visit(page, '/login', title(page, 'Login'));
  await page.evaluate(() => {
    const script = document.createElement('script');
    script.textContent = 'window.injected = true';
    document.body.append(script);
  });
  await expect.poll(async () => (await violations.all()).length).toBeGreaterThan(0);
  expect(await page.evaluate(() => 'injected' in window)).toBe(false);
});
