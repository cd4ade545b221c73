import { expect, test, type Page } from '@playwright/test';
import {
  chooseSessionType,
  createSession,
  getRules,
  getSessionTypes,
  localToday,
  openNewSessionDialog,
} from './session-support.ts';
import {
  afterTwoFrames,
  chosenOption,
  createRules,
  holdRequests,
  logInAsNewTrader,
} from './support.ts';

/*
 * A read that fails says so where its figures would be, with a 'Try again' that asks again:
 * reads are never retried by themselves (decision 12), and a reload should not be the only way
 * back.
 */

/** Answers 500 to the page's reads under /api that `fails` matches, until undone. */
async function failReads(page: Page, fails: (path: string) => boolean) {
  const matcher = (url: URL) => url.pathname.startsWith('/api/') && fails(url.pathname);
  await page.route(matcher, (route) =>
    route.request().method() === 'GET'
      ? route.fulfill({ status: 500, json: { message: 'Something went wrong' } })
      : route.fallback(),
  );
  return () => page.unroute(matcher);
}

/** A new trader, logged in, with one rule ('Wait for the setup') followed in a session today. */
async function traderWithOneRuleFollowed(page: Page, notes?: string) {
  await logInAsNewTrader(page);
  await createRules(page, [{ description: 'Wait for the setup', ...(notes ? { notes } : {}) }]);
  const [rule] = await getRules(page);
  await createSession(page, {
    name: 'London open',
    date: await localToday(page),
    rulesFollowed: [{ ruleId: rule?.id ?? 0, followed: true }],
  });
}

const DASHBOARD_ERRORS = [
  'Your compliance figures could not be loaded.',
  'Your sessions could not be loaded.',
  'Your screenshots could not be loaded.',
  'Your streaks could not be loaded.',
  'Your weakest rule could not be loaded.',
];

test('each dashboard card that could not load offers to try again, and recovers', async ({
  page,
}) => {
  await traderWithOneRuleFollowed(page);
  // Every figure of the cards fails; the login, the app's details and the notices answer.
  const restore = await failReads(
    page,
    (path) => !['/api/auth/session', '/api/app-info', '/api/notices'].includes(path),
  );
  await page.goto('/');
  for (const message of DASHBOARD_ERRORS) {
    await expect(page.getByText(message).first()).toBeVisible();
  }
  // The message and its button, together in the card.
  const streaksError = page.getByText('Your streaks could not be loaded.');
  const streaksRetry = streaksError.locator('xpath=..').getByRole('button', { name: 'Try again' });
  await expect(streaksRetry).toBeVisible();

  await restore();
  // One card asked again recovers; the others still say they could not load. From the
  // keyboard, which stays in the card once its figures have replaced the button.
  await streaksRetry.focus();
  await page.keyboard.press('Enter');
  await expect(streaksError).toHaveCount(0);
  await expect(page.getByRole('region', { name: 'Streaks' })).toBeFocused();
  await expect(page.getByText('Your sessions could not be loaded.')).toBeVisible();

  // Every other card, asked again in turn (two cards share the figures: one ask brings both).
  const retries = page.getByRole('button', { name: 'Try again' });
  for (let left = await retries.count(); left > 0; left = await retries.count()) {
    await retries.first().click();
    await expect.poll(() => retries.count()).toBeLessThan(left);
  }
  for (const message of DASHBOARD_ERRORS) await expect(page.getByText(message)).toHaveCount(0);
  await expect(page.getByText('London open').first()).toBeVisible();
});

test('a refresh that fails keeps what the dashboard shows, instead of an error in its place', async ({
  page,
}) => {
  await traderWithOneRuleFollowed(page, 'Patience pays');
  await page.goto('/');
  const editRule = page.getByRole('button', { name: 'Edit rule: Wait for the setup' });
  const recent = page.getByRole('region', { name: 'Recent Sessions' });
  await expect(editRule).toBeVisible();
  await expect(recent.getByRole('link', { name: /^London open/ })).toBeVisible();
  // In the reminder banner and in the rules list.
  await expect(page.getByText('Patience pays')).toHaveCount(2);

  // The server stumbles (a proxy's 502 during a restart, say) as the window takes focus again.
  await failReads(page, (path) => path !== '/api/auth/session');
  const refused = new Set<string>();
  page.on('requestfinished', async (request) => {
    if ((await request.response())?.status() === 500) refused.add(new URL(request.url()).pathname);
  });
  const refreshFails = async () => {
    refused.clear();
    await page.evaluate(() => window.dispatchEvent(new Event('focus')));
    // The rules, the recent sessions, the figures and the streaks were each asked again and
    // refused, and the page has had the frames to show what it makes of that.
    await expect
      .poll(() =>
        ['/api/rules', '/api/sessions', '/api/analytics'].every((path) => refused.has(path)),
      )
      .toBe(true);
    await afterTwoFrames(page);
  };
  await refreshFails();
  await expect(page.getByRole('button', { name: 'Try again' })).toHaveCount(0);
  for (const message of [...DASHBOARD_ERRORS, 'Your trading rules could not be loaded.']) {
    await expect(page.getByText(message)).toHaveCount(0);
  }
  await expect(editRule).toBeVisible();
  await expect(recent.getByRole('link', { name: /^London open/ })).toBeVisible();
  await expect(page.getByText('Patience pays')).toHaveCount(2);

  // The new session's checklist is the same rules: it keeps them too, and the form can be saved.
  const dialog = await openNewSessionDialog(page);
  await refreshFails();
  await expect(dialog.getByText('Your trading rules could not be loaded.')).toHaveCount(0);
  await expect(dialog.getByRole('checkbox', { name: 'Wait for the setup' })).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Save Session' })).toBeEnabled();
});

test('the Weakest Rule card says why there is none from its own answer, while the month’s figures fail', async ({
  page,
}) => {
  await traderWithOneRuleFollowed(page);
  await failReads(page, (path) => path === '/api/analytics');
  await page.goto('/');
  await expect(
    page
      .getByRole('region', { name: 'Overall Compliance' })
      .getByText('Your compliance figures could not be loaded.'),
  ).toBeVisible();
  // The weakest rule's answer read the month's items itself: it knows the month was clean.
  const weakest = page.getByRole('region', { name: 'Weakest Rule', exact: true });
  await expect(weakest).toContainText('No rule broken in the last 30 days.');
  await expect(weakest).toContainText('Keep it that way.');
});

test('the analytics page that could not load its figures offers to try again', async ({ page }) => {
  await logInAsNewTrader(page);
  const restore = await failReads(page, (path) => path === '/api/analytics');
  await page.goto('/analytics');
  const retries = page.getByRole('button', { name: 'Try again' });
  await expect(retries.first()).toBeVisible();

  await restore();
  // The page's cards share one answer: asking again from any card brings them all back.
  await retries.first().click();
  await expect(page.getByText('Your compliance figures could not be loaded.')).toHaveCount(0);
  await expect(retries).toHaveCount(0);
});

test('the market sessions of the reminders settings, when they could not load, can be asked again', async ({
  page,
}) => {
  await logInAsNewTrader(page);
  const restore = await failReads(page, (path) => path === '/api/session-types');
  await page.goto('/settings');
  const sessions = page.getByRole('group', { name: 'Sessions you trade' });
  await expect(sessions.getByRole('alert')).toHaveText('The market sessions could not be loaded.');

  await restore();
  await sessions.getByRole('button', { name: 'Try again' }).click();
  await expect(sessions.getByRole('checkbox').first()).toBeVisible();
  await expect(sessions.getByRole('alert')).toHaveCount(0);
});

test('a history filtered by a market session whose names could not load says so, and asks again', async ({
  page,
}) => {
  await logInAsNewTrader(page);
  const london = (await getSessionTypes(page)).find((type) => type.name === 'London')!;
  const restore = await failReads(page, (path) => path === '/api/session-types');
  await page.goto(`/history?type=${london.id}`);
  const filters = page.getByRole('search', { name: 'Filter sessions' });
  const typeFilter = filters.getByRole('combobox', { name: 'Session type' });
  await expect(filters.getByRole('alert')).toHaveText('The market sessions could not be loaded.');
  await expect(typeFilter).toHaveAccessibleDescription('The market sessions could not be loaded.');
  // The filter still chosen, said so rather than blank.
  await expect(chosenOption(typeFilter)).toHaveText('Session types could not be loaded');

  await restore();
  const tryAgain = filters.getByRole('button', { name: 'Try again' });
  await tryAgain.focus();
  await page.keyboard.press('Enter');
  await expect(chosenOption(typeFilter)).toHaveText('London (08:00-17:00)');
  await expect(filters.getByRole('alert')).toHaveCount(0);
  await expect(typeFilter).toBeFocused();
});

/** A new trader's New Trading Session dialog, opened while the market sessions fail to load. */
async function openSessionDialogWithoutTypes(page: Page) {
  await logInAsNewTrader(page);
  const restore = await failReads(page, (path) => path === '/api/session-types');
  await page.goto('/history');
  return { dialog: await openNewSessionDialog(page), restore };
}

test('the session dialog whose market sessions could not load offers to try again, and keeps the draft', async ({
  page,
}) => {
  const { dialog, restore } = await openSessionDialogWithoutTypes(page);
  await dialog.getByLabel('Session Name').fill('Asia open');
  const select = dialog.getByRole('combobox', { name: 'Session Type' });
  await expect(select).toBeDisabled();
  await expect(select).toHaveValue('');
  await expect(select.getByRole('option')).toHaveText(['Session types could not be loaded']);
  // Said under it as well, where it is heard with the select and not only seen in it.
  await expect(dialog.getByRole('alert')).toHaveText('The market sessions could not be loaded.');
  await expect(select).toHaveAccessibleDescription(/The market sessions could not be loaded\./);

  await restore();
  await dialog.getByRole('button', { name: 'Try again' }).click();
  await expect(select).toBeEnabled();
  // The button went away: the keyboard is back on the select it was for.
  await expect(select).toBeFocused();
  await expect(dialog.getByRole('button', { name: 'Try again' })).toHaveCount(0);
  await expect(dialog.getByRole('alert')).toHaveCount(0);
  await chooseSessionType(dialog, 'Tokyo (00:00-09:00)');
  await expect(dialog.getByLabel('Session Name')).toHaveValue('Asia open');

  // The select is still the form's: the draft saves with its session type.
  await dialog.getByRole('button', { name: 'Save Session' }).click();
  await expect(dialog).toHaveCount(0);
  const listed = await page.request.get('/api/sessions');
  const { sessions } = (await listed.json()) as {
    sessions: { name: string; sessionTypeId: number | null }[];
  };
  const [saved] = sessions;
  expect(saved).toMatchObject({ name: 'Asia open' });
  const tokyo = (await getSessionTypes(page)).find((type) => type.name === 'Tokyo');
  expect(saved?.sessionTypeId).toBe(tokyo?.id);
});

test('market sessions that arrive after a failed retry do not take the keyboard from another field', async ({
  page,
}) => {
  const { dialog, restore } = await openSessionDialogWithoutTypes(page);
  const retry = dialog.getByRole('button', { name: 'Try again' });
  const asked = page.waitForResponse((response) => response.url().endsWith('/api/session-types'));
  await retry.click();
  expect((await asked).status()).toBe(500);
  await expect(retry).toBeEnabled();
  await expect(dialog.getByRole('alert')).toHaveText('The market sessions could not be loaded.');

  // The trader goes on with the name; the types come later, asked again on focus.
  const name = dialog.getByLabel('Session Name');
  await name.fill('London open');
  await restore();
  await page.evaluate(() => window.dispatchEvent(new Event('focus')));
  await expect(dialog.getByRole('combobox', { name: 'Session Type' })).toBeEnabled();
  await expect(name).toBeFocused();
});

test("a session's details say when its market session could not load, not 'None'", async ({
  page,
}) => {
  await logInAsNewTrader(page);
  const session = await createSession(page, {
    name: 'London open',
    date: await localToday(page),
    sessionType: 'London',
  });
  const card = page.getByRole('region', { name: 'Session Information' });
  // While the names load: a placeholder, not 'None'.
  const release = await holdRequests(page, '**/api/session-types');
  await page.goto(`/history/${session.id}`);
  await expect(card.getByRole('status', { name: 'Loading session type' })).toBeVisible();
  await expect(card.getByText('None', { exact: true })).toHaveCount(0);
  release();
  await expect(card.getByText('London (08:00-17:00)')).toBeVisible();
  await page.unroute('**/api/session-types');

  const restore = await failReads(page, (path) => path === '/api/session-types');
  await page.goto(`/history/${session.id}`);
  const sessionType = card
    .getByRole('definition')
    .filter({ hasText: 'The session type could not be loaded.' });
  await expect(sessionType).toBeVisible();
  await expect(card.getByText('None', { exact: true })).toHaveCount(0);

  await restore();
  await sessionType.getByRole('button', { name: 'Try again' }).click();
  await expect(card.getByText('London (08:00-17:00)')).toBeVisible();
  await expect(card.getByRole('button', { name: 'Try again' })).toHaveCount(0);

  // Asked again on focus and failing then, the names already shown stay.
  const failAgain = await failReads(page, (path) => path === '/api/session-types');
  // Twice: by the second answer, what the first one rendered is on the page. A focus that comes
  // while the page is still reading the last answer asks nothing (the read is under way), as a
  // busy CI machine showed: so the window takes focus again until it asks.
  for (let time = 0; time < 2; time += 1) {
    await expect(async () => {
      const asked = page.waitForResponse(
        (response) => response.url().endsWith('/api/session-types'),
        { timeout: 2000 },
      );
      await page.evaluate(() => window.dispatchEvent(new Event('focus')));
      expect((await asked).status()).toBe(500);
    }).toPass();
  }
  await expect(card.getByText('London (08:00-17:00)')).toBeVisible();
  await expect(card.getByText('The session type could not be loaded.')).toHaveCount(0);
  await failAgain();
});

test('a page opened while the server cannot be reached says so, and shows the page once it answers', async ({
  page,
}) => {
  await logInAsNewTrader(page);
  // The app's own page, as the installed app keeps it (without the login's answer in it), and
  // no answer about the login: the server is restarting.
  const shell = await (await page.request.get('/index.html')).text();
  expect(shell).not.toContain('page-answers">{');
  await page.route('**/history', (route) =>
    route.request().resourceType() === 'document'
      ? route.fulfill({ contentType: 'text/html', body: shell })
      : route.fallback(),
  );
  await page.route('**/api/auth/session', (route) => route.abort('connectionrefused'));
  await page.goto('/history');
  const alert = page.getByRole('alert').filter({ hasText: 'The server could not be reached' });
  await expect(alert).toBeVisible({ timeout: 20_000 });
  // Not sent to the login screen: the login is fine, only unknown.
  await expect(page).toHaveURL(/\/history$/);

  await page.unroute('**/api/auth/session');
  await alert.getByRole('button', { name: 'Try again' }).click();
  await expect(page.getByRole('heading', { name: 'Session History', level: 1 })).toBeVisible();
});

test('a session whose read failed says it could not be loaded, not that it does not exist, and Try again brings it', async ({
  page,
}) => {
  await traderWithOneRuleFollowed(page);
  await page.goto('/');
  const link = page
    .getByRole('region', { name: 'Recent Sessions' })
    .getByRole('link', { name: /^London open/ });
  await expect(link).toBeVisible();
  const restore = await failReads(page, (path) => /^\/api\/sessions\/\d+$/.test(path));
  await link.click();
  await expect(
    page.getByRole('heading', { name: 'Session Could Not Be Loaded', level: 1 }),
  ).toBeVisible();
  await expect(page.getByText('Your trading session could not be loaded.')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Session Not Found' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Back to History' })).toBeVisible();

  await restore();
  await page.getByRole('button', { name: 'Try again' }).click();
  await expect(page.getByRole('heading', { name: 'Session Details', level: 1 })).toBeVisible();
  await expect(page.getByText('London open')).toBeVisible();
});
