import { expect, test, type Page } from '@playwright/test';
import { checklist, createSession, getSessionTypes } from './session-support.ts';
import {
  answerNextBrowserDialog,
  chosenOption,
  createRules,
  expectNoSeriousViolations,
  expectToast,
  holdRequests,
  logInAsNewTrader,
  logInNewTraderThroughApi,
} from './support.ts';

function sessionsTable(page: Page) {
  return page.getByRole('table', { name: 'Trading Sessions' });
}

/** The session names in the table, top to bottom (each row is headed by its name). */
function shownNames(page: Page) {
  return sessionsTable(page).getByRole('rowheader');
}

function row(page: Page, name: string) {
  return sessionsTable(page)
    .getByRole('row')
    .filter({ has: page.getByRole('rowheader', { name }) });
}

/** Monday, Tuesday and Wednesday of one week, a session each. */
async function createThreeDays(page: Page) {
  for (const [name, date] of [
    ['Monday', '2026-03-09'],
    ['Tuesday', '2026-03-10'],
    ['Wednesday', '2026-03-11'],
  ] as const) {
    await createSession(page, { name, date });
  }
}

const FOUR_RULES = ['Wait for the retest', 'Risk 1% at most', 'No trades after news', 'Log it'];

test('a trader sees sessions newest first, with rating, date and screenshot', async ({ page }) => {
  await logInAsNewTrader(page);
  await createRules(page, [
    { description: 'Follow stop loss on every trade' },
    { description: 'Wait for the candle to close' },
    { description: 'No revenge trades' },
  ]);
  // 2 of 3 followed: 67%, below 75 and so in the red band.
  await createSession(page, {
    name: 'London breakout',
    date: '2026-03-14',
    rulesFollowed: await checklist(page, 2),
    withScreenshot: true,
  });
  await createSession(page, {
    name: 'Quiet Tokyo morning',
    date: '2026-03-10',
    rulesFollowed: await checklist(page, 3),
  });

  await page.goto('/history');
  await expect(page.getByRole('heading', { name: 'Session History', level: 1 })).toBeVisible();
  await expect(page.getByText('Review your past trading sessions')).toBeVisible();
  await expect(page.getByRole('button', { name: 'New Session' })).toBeVisible();
  await expect(page.getByRole('button', { name: /Delete Selected/ })).toHaveCount(0);
  await expect(shownNames(page)).toHaveText(['London breakout', 'Quiet Tokyo morning']);
  for (const column of ['Session Name', 'Date', 'Compliance Rating', 'Screenshot', 'Actions']) {
    await expect(sessionsTable(page).getByRole('columnheader', { name: column })).toBeVisible();
  }

  const breakout = row(page, 'London breakout');
  await expect(breakout.getByRole('cell', { name: 'Mar 14, 2026', exact: true })).toBeVisible();
  await expect(breakout).toContainText('67% (off track)');
  await expect(breakout.getByRole('link', { name: 'Details of London breakout' })).toHaveAttribute(
    'href',
    /\/history\/\d+$/,
  );
  const tokyo = row(page, 'Quiet Tokyo morning');
  await expect(tokyo).toContainText('100% (on track)');
  await expect(tokyo.getByText('No screenshot', { exact: true })).toBeVisible();
  await expect(tokyo.getByRole('button', { name: /View screenshot/ })).toHaveCount(0);
  await expectNoSeriousViolations(page);

  // The screenshot opens full size in a dialog, and Close returns to the table.
  const view = breakout.getByRole('button', { name: 'View screenshot of London breakout' });
  await view.click();
  const dialog = page.getByRole('dialog', { name: 'Session Screenshot' });
  await expect(dialog).toBeVisible();
  const image = dialog.getByRole('img', { name: 'London breakout' });
  await expect(image).toHaveAttribute('src', /^\/api\/screenshots\/[\w-]+\.\w+$/);
  await expect
    .poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth))
    .toBeGreaterThan(0);
  await expectNoSeriousViolations(page);
  // The footer's Close; the corner's × is 'Close dialog', so a screen reader tells them apart.
  await expect(dialog.getByRole('button', { name: 'Close dialog' })).toBeVisible();
  await dialog.getByRole('button', { name: 'Close', exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(view).toBeFocused();

  // Details leads to the session's page.
  await breakout.getByRole('link', { name: 'Details of London breakout' }).click();
  await expect(page).toHaveURL(/\/history\/\d+$/);
  await expect(page.getByRole('heading', { name: 'Session Details', level: 1 })).toBeVisible();
});

test('filters narrow the history, live in the URL and survive a reload', async ({ page }) => {
  await logInNewTraderThroughApi(page.request);
  await createRules(
    page,
    FOUR_RULES.map((description) => ({ description })),
  );
  const seeds = [
    { name: 'Late February', date: '2026-02-28', sessionType: 'London', followed: 4 }, // 100 green
    { name: 'First of March', date: '2026-03-01', sessionType: 'London', followed: 3 }, // 75 amber
    { name: 'Last of March', date: '2026-03-31', sessionType: 'Tokyo', followed: 2 }, // 50 red
    { name: 'First of April', date: '2026-04-01', sessionType: 'Tokyo', followed: 4 }, // 100 green
  ];
  for (const { followed, ...seed } of seeds) {
    await createSession(page, { ...seed, rulesFollowed: await checklist(page, followed) });
  }
  const london = (await getSessionTypes(page)).find((type) => type.name === 'London');
  const all = ['First of April', 'Last of March', 'First of March', 'Late February'];

  await page.goto('/history');
  await expect(shownNames(page)).toHaveText(all);

  // Session type: the choice is kept in the URL and comes back after a reload.
  await row(page, 'First of April')
    .getByRole('checkbox', { name: 'Select First of April' })
    .check();
  await expect(page.getByRole('button', { name: 'Delete Selected (1)' })).toBeVisible();
  const typeFilter = page.getByRole('combobox', { name: 'Session type' });
  await expect(chosenOption(typeFilter)).toHaveText('All session types');
  // The unfiltered list is the page; a filter's result is read out, from a status line.
  const found = page.getByRole('status').filter({ hasText: /these filters/ });
  await expect(found).toHaveCount(0);
  await typeFilter.selectOption({ label: 'London (08:00-17:00)' });
  await expect(shownNames(page)).toHaveText(['First of March', 'Late February']);
  await expect(found).toHaveText('2 sessions match these filters.');
  await expect(page).toHaveURL(new RegExp(`/history\\?type=${london?.id}$`));
  // The selection belonged to the unfiltered view.
  await expect(page.getByRole('button', { name: /Delete Selected/ })).toHaveCount(0);
  await page.reload();
  await expect(shownNames(page)).toHaveText(['First of March', 'Late February']);
  await expect(chosenOption(typeFilter)).toHaveText('London (08:00-17:00)');

  await page.getByRole('button', { name: 'Clear filters' }).click();
  await expect(shownNames(page)).toHaveText(all);
  await expect(page).toHaveURL(/\/history$/);
  // The button went with the filters; the keyboard goes on from their start: Tab is From.
  await expect(page.getByRole('search', { name: 'Filter sessions' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(page.getByLabel('From')).toBeFocused();

  // A date range includes its first and last day.
  await page.getByLabel('From').fill('2026-03-01');
  await page.getByLabel('To').fill('2026-03-31');
  await expect(shownNames(page)).toHaveText(['Last of March', 'First of March']);
  await expect(page).toHaveURL(/\/history\?from=2026-03-01&to=2026-03-31$/);
  await page.reload();
  await expect(page.getByLabel('From')).toHaveValue('2026-03-01');
  await expect(page.getByLabel('To')).toHaveValue('2026-03-31');
  await expect(shownNames(page)).toHaveText(['Last of March', 'First of March']);

  // Rating bands, combined with the range.
  const ratingFilter = page.getByRole('combobox', { name: 'Rating' });
  await ratingFilter.selectOption({ label: '75–89%' });
  await expect(shownNames(page)).toHaveText(['First of March']);
  await expect(found).toHaveText('1 session matches these filters.');
  await expect(page).toHaveURL(/band=amber/);
  await ratingFilter.selectOption({ label: 'Below 75%' });
  await expect(shownNames(page)).toHaveText(['Last of March']);
  // With the keyboard, as on the closed control: an arrow key picks the next option at once.
  await ratingFilter.focus();
  await page.keyboard.press('ArrowUp');
  await page.keyboard.press('ArrowUp');
  await expect(chosenOption(ratingFilter)).toHaveText('90% and above');

  // Nothing matches: said so, with a way back.
  await expect(sessionsTable(page)).toHaveCount(0);
  await expect(
    page.getByRole('paragraph').filter({ hasText: 'No sessions match these filters.' }),
  ).toBeVisible();
  await expect(found).toHaveText('No sessions match these filters.');
  await page.getByRole('button', { name: 'Clear filters' }).click();
  await expect(shownNames(page)).toHaveText(all);
  await expect(found).toHaveCount(0);
  await expect(page.getByLabel('From')).toHaveValue('');
  await expect(page.getByRole('search', { name: 'Filter sessions' })).toBeFocused();
  await expect(chosenOption(ratingFilter)).toHaveText('All ratings');

  // Days the wrong way round are pointed out where they are set.
  const backwards = page
    .getByRole('search', { name: 'Filter sessions' })
    .getByRole('status')
    .filter({ hasText: 'The From day is after the To day' });
  await page.getByLabel('From').fill('2026-03-31');
  await expect(backwards).toHaveCount(0);
  await page.getByLabel('To').fill('2026-03-01');
  await expect(backwards).toHaveText(
    'The From day is after the To day, so no session can match. Swap them or clear one.',
  );
  await page.getByLabel('To').fill('');
  await expect(backwards).toHaveCount(0);
  await expect(shownNames(page)).toHaveText(['First of April', 'Last of March']);

  // A day outside the years a date may name filters nothing, and the field says so once left.
  const from = page.getByLabel('From');
  await from.fill('1899-12-31');
  await from.blur();
  await expect(page.getByText('From must be in the years 1900 to 9998')).toBeVisible();
  await expect(from).toHaveAttribute('aria-invalid', 'true');
  await expect(page).toHaveURL(/from=2026-03-31/);
  await from.fill('2026-03-01');
  await expect(page.getByText('From must be in the years 1900 to 9998')).toHaveCount(0);
  await expect(page).toHaveURL(/from=2026-03-01/);
});

test('Back to History returns to the filtered view a session was opened from, after a reload too, and so does its delete', async ({
  page,
}) => {
  await logInNewTraderThroughApi(page.request);
  await createThreeDays(page);
  const filtered = /\/history\?from=2026-03-10&to=2026-03-11$/;
  await page.goto('/history?from=2026-03-10&to=2026-03-11');
  await expect(shownNames(page)).toHaveText(['Wednesday', 'Tuesday']);

  await page.getByRole('link', { name: /^Details of Tuesday on/ }).click();
  await expect(page.getByRole('heading', { name: 'Session Details', level: 1 })).toBeVisible();
  await page.reload();
  await page.getByRole('link', { name: 'Back to History' }).click();
  await expect(page).toHaveURL(filtered);
  await expect(page.getByLabel('From')).toHaveValue('2026-03-10');
  await expect(shownNames(page)).toHaveText(['Wednesday', 'Tuesday']);

  await page.getByRole('link', { name: /^Details of Wednesday on/ }).click();
  const asked = answerNextBrowserDialog(page, true);
  await page.getByRole('button', { name: 'Delete', exact: true }).click();
  await asked;
  await expectToast(page, 'Success', 'Session deleted successfully');
  await expect(page).toHaveURL(filtered);
  await expect(shownNames(page)).toHaveText(['Tuesday']);
  // The deleted session's page was replaced: Back goes to the history it was opened from.
  await page.goBack();
  await expect(page).toHaveURL(filtered);
  await expect(page.getByRole('heading', { name: 'Session History', level: 1 })).toBeVisible();

  // Reached from elsewhere (here, typed), the details lead back to the whole history.
  await page.goto('/');
  await page
    .getByRole('link', { name: /Tuesday/ })
    .first()
    .click();
  await expect(page.getByRole('link', { name: 'Back to History' })).toHaveAttribute(
    'href',
    '/history',
  );
});

test('filters the server would refuse are shown as no filter', async ({ page }) => {
  await logInAsNewTrader(page);
  await createSession(page, { name: 'Only session', date: '2026-03-14' });
  const refused: string[] = [];
  page.on('response', (response) => {
    if (response.url().includes('/api/sessions') && response.status() === 400) {
      refused.push(response.url());
    }
  });

  await page.goto('/history?from=2026-02-30&to=yesterday&type=abc&band=purple');
  await expect(shownNames(page)).toHaveText(['Only session']);
  await expect(page.getByLabel('From')).toHaveValue('');
  await expect(page.getByLabel('To')).toHaveValue('');
  await expect(chosenOption(page.getByRole('combobox', { name: 'Session type' }))).toHaveText(
    'All session types',
  );
  await expect(chosenOption(page.getByRole('combobox', { name: 'Rating' }))).toHaveText(
    'All ratings',
  );
  expect(refused).toEqual([]);
});

test('a trader deletes two of three sessions at once, after the browser asks', async ({ page }) => {
  await logInAsNewTrader(page);
  await createThreeDays(page);
  const bulkDeletes: string[] = [];
  const singleDeletes: string[] = [];
  page.on('request', (request) => {
    if (request.url().endsWith('/api/sessions/bulk-delete')) bulkDeletes.push(request.url());
    if (request.method() === 'DELETE') singleDeletes.push(request.url());
  });

  await page.goto('/history');
  await expect(shownNames(page)).toHaveText(['Wednesday', 'Tuesday', 'Monday']);
  const selectAll = page.getByRole('checkbox', { name: 'Select all sessions' });
  await page.getByRole('checkbox', { name: 'Select Wednesday' }).check();
  await expect(selectAll).toBeChecked({ indeterminate: true });
  await page.getByRole('checkbox', { name: 'Select Monday' }).check();
  const deleteSelected = page.getByRole('button', { name: 'Delete Selected (2)' });
  const question = {
    type: 'confirm',
    message: 'Are you sure you want to delete 2 selected sessions? This action cannot be undone.',
  };

  // Declined: nothing is sent, and the selection stays.
  let asked = answerNextBrowserDialog(page, false);
  await deleteSelected.click();
  expect(await asked).toEqual(question);
  await expect(shownNames(page)).toHaveText(['Wednesday', 'Tuesday', 'Monday']);
  await expect(deleteSelected).toBeEnabled();
  expect(bulkDeletes).toEqual([]);

  // Accepted: one request, and the button waits for its answer.
  const release = await holdRequests(page, '**/api/sessions/bulk-delete');
  asked = answerNextBrowserDialog(page, true);
  await deleteSelected.click();
  expect(await asked).toEqual(question);
  await expect(deleteSelected).toBeDisabled();
  release();
  await expectToast(page, 'Success', '2 sessions deleted successfully');
  await expect(shownNames(page)).toHaveText(['Tuesday']);
  await expect(page.getByRole('button', { name: /Delete Selected/ })).toHaveCount(0);
  await expect(selectAll).not.toBeChecked();
  expect(bulkDeletes).toHaveLength(1);
  expect(singleDeletes).toEqual([]);
});

test('a session ticked while a delete of others is awaited stays ticked', async ({ page }) => {
  await logInNewTraderThroughApi(page.request);
  await createThreeDays(page);
  await page.goto('/history');
  await page.getByRole('checkbox', { name: 'Select Wednesday' }).check();
  await page.getByRole('checkbox', { name: 'Select Monday' }).check();
  const release = await holdRequests(page, '**/api/sessions/bulk-delete');
  const asked = answerNextBrowserDialog(page, true);
  await page.getByRole('button', { name: 'Delete Selected (2)' }).click();
  await asked;
  await page.getByRole('checkbox', { name: 'Select Tuesday' }).check();
  release();
  await expectToast(page, 'Success', '2 sessions deleted successfully');
  await expect(shownNames(page)).toHaveText(['Tuesday']);
  await expect(page.getByRole('checkbox', { name: 'Select Tuesday' })).toBeChecked();
  await expect(page.getByRole('button', { name: 'Delete Selected (1)' })).toBeEnabled();
});

test('rows ticked in another filtered view while a delete is awaited stay ticked', async ({
  page,
}) => {
  await logInNewTraderThroughApi(page.request);
  await createThreeDays(page);
  await page.goto('/history');
  await page.getByRole('checkbox', { name: 'Select Monday' }).check();
  const release = await holdRequests(page, '**/api/sessions/bulk-delete');
  const asked = answerNextBrowserDialog(page, true);
  await page.getByRole('button', { name: 'Delete Selected (1)' }).click();
  await asked;
  // Meanwhile the trader narrows the view and ticks a row there.
  await page.getByLabel('From').fill('2026-03-10');
  await page.getByLabel('From').blur();
  await expect(shownNames(page)).toHaveText(['Wednesday', 'Tuesday']);
  await page.getByRole('checkbox', { name: 'Select Tuesday' }).check();
  release();
  await expectToast(page, 'Success', '1 sessions deleted successfully');
  await expect(page.getByRole('checkbox', { name: 'Select Tuesday' })).toBeChecked();
  await expect(page.getByRole('button', { name: 'Delete Selected (1)' })).toBeEnabled();
});

test('a trader deletes one session after the browser asks, and can change their mind', async ({
  page,
}) => {
  await logInNewTraderThroughApi(page.request);
  await createSession(page, { name: 'Friday scalps', date: '2026-03-13' });
  await createSession(page, { name: 'Thursday range', date: '2026-03-12' });
  const question = {
    type: 'confirm',
    message: 'Are you sure you want to delete this session? This action cannot be undone.',
  };

  await page.goto('/history');
  const remove = page.getByRole('button', { name: 'Delete session: Friday scalps' });
  let asked = answerNextBrowserDialog(page, false);
  await remove.click();
  expect(await asked).toEqual(question);
  await expect(remove).toBeFocused();
  await expect(shownNames(page)).toHaveText(['Friday scalps', 'Thursday range']);

  // While the answer is awaited, no session's delete can be pressed again.
  const release = await holdRequests(page, /\/api\/sessions\/\d+$/, 'DELETE');
  asked = answerNextBrowserDialog(page, true);
  await remove.press('Enter');
  expect(await asked).toEqual(question);
  await expect(remove).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Delete session: Thursday range' })).toBeDisabled();
  release();
  await expectToast(page, 'Success', 'Session deleted successfully');
  await expect(shownNames(page)).toHaveText(['Thursday range']);
  // Its row gone, the keyboard's place is the row that took its place, not the top of the page.
  await expect(page.getByRole('checkbox', { name: 'Select Thursday range' })).toBeFocused();

  asked = answerNextBrowserDialog(page, true);
  await page.getByRole('button', { name: 'Delete session: Thursday range' }).click();
  expect(await asked).toEqual(question);
  await expect(sessionsTable(page)).toHaveCount(0);
  await expect(page.getByText('No trading sessions recorded yet.')).toBeVisible();
  await page.getByRole('button', { name: 'Record Your First Session' }).click();
  await expect(page.getByRole('dialog', { name: 'New Trading Session' })).toBeVisible();
});

test("two sessions of one name: each row's controls name its date too", async ({ page }) => {
  await logInNewTraderThroughApi(page.request);
  await createSession(page, { name: 'Morning Session', date: '2026-03-02', withScreenshot: true });
  await createSession(page, { name: 'Morning Session', date: '2026-03-03', withScreenshot: true });
  await page.goto('/history');
  const controlsOf = (date: string) => [
    page.getByRole('checkbox', { name: `Select Morning Session on ${date}`, exact: true }),
    page.getByRole('button', {
      name: `View screenshot of Morning Session on ${date}`,
      exact: true,
    }),
    page.getByRole('link', { name: `Details of Morning Session on ${date}`, exact: true }),
    page.getByRole('button', { name: `Delete session: Morning Session on ${date}`, exact: true }),
  ];
  for (const control of [...controlsOf('Mar 2, 2026'), ...controlsOf('Mar 3, 2026')]) {
    await expect(control).toHaveCount(1);
  }

  // Deleting by its name deletes that day's session, not the other.
  const asked = answerNextBrowserDialog(page, true);
  await page
    .getByRole('button', { name: 'Delete session: Morning Session on Mar 2, 2026' })
    .click();
  await asked;
  await expectToast(page, 'Success', 'Session deleted successfully');
  await expect(sessionsTable(page).getByRole('row')).toHaveCount(2);
  await expect(
    page.getByRole('link', { name: 'Details of Morning Session on Mar 3, 2026' }),
  ).toBeVisible();

  // The dashboard's recent sessions are named by their dates too, in a list of links.
  await createSession(page, { name: 'Morning Session', date: '2026-03-04' });
  await page.goto('/');
  const recent = page.getByRole('region', { name: 'Recent Sessions' });
  for (const date of ['Mar 4, 2026', 'Mar 3, 2026']) {
    await expect(
      recent.getByRole('link', { name: `Morning Session on ${date}`, exact: true }),
    ).toBeVisible();
  }
});

test('Load more pressed while the list is refreshed waits for the refresh: a session deleted elsewhere goes', async ({
  page,
}) => {
  await logInNewTraderThroughApi(page.request);
  const sessions = await Promise.all(
    Array.from({ length: 52 }, (_, index) =>
      createSession(page, {
        name: `Session ${String(index + 1).padStart(2, '0')}`,
        date: `2026-02-${String((index % 28) + 1).padStart(2, '0')}`,
      }),
    ),
  );
  await page.goto('/history');
  await expect(shownNames(page)).toHaveCount(50);

  // Deleted on another device; the window's focus then refreshes the list, held back here.
  const gone = sessions.find((session) => session.name === 'Session 28')!;
  await expect(row(page, 'Session 28')).toHaveCount(1);
  expect((await page.request.delete(`/api/sessions/${gone.id}`)).status()).toBe(200);
  let releaseRefresh = () => {};
  const refreshHeld = new Promise<void>((resolve) => (releaseRefresh = resolve));
  let refreshed = () => {};
  const refreshAsked = new Promise<void>((resolve) => (refreshed = resolve));
  await page.route(
    (url) => url.pathname === '/api/sessions' && !url.searchParams.has('cursor'),
    async (route) => {
      refreshed();
      await refreshHeld;
      await route.continue();
    },
  );
  await page.evaluate(() => window.dispatchEvent(new Event('focus')));
  await refreshAsked;
  await page.getByRole('button', { name: 'Load more' }).click();
  releaseRefresh();
  await expect(shownNames(page)).toHaveCount(51);
  await expect(row(page, 'Session 28')).toHaveCount(0);
  await expect(page.getByRole('button', { name: /Load more|Loading/ })).toHaveCount(0);
});

test('the history loads 50 sessions at a time and select-all takes what is loaded', async ({
  page,
}) => {
  await logInNewTraderThroughApi(page.request);
  await Promise.all(
    Array.from({ length: 55 }, (_, index) =>
      createSession(page, {
        name: `Session ${String(index + 1).padStart(2, '0')}`,
        date: `2026-01-${String((index % 28) + 1).padStart(2, '0')}`,
      }),
    ),
  );

  await page.goto('/history');
  await expect(shownNames(page)).toHaveCount(50);

  // The next page is held back until 'Loading...' has been seen.
  let releaseNextPage = () => {};
  const nextPageHeld = new Promise<void>((resolve) => (releaseNextPage = resolve));
  await page.route(/\/api\/sessions\?.*cursor=/, async (route) => {
    await nextPageHeld;
    await route.continue();
  });
  await page.getByRole('button', { name: 'Load more' }).click();
  await expect(page.getByRole('button', { name: 'Loading...' })).toBeDisabled();
  releaseNextPage();
  await expect(shownNames(page)).toHaveCount(55);
  await expect(page.getByRole('button', { name: /Load more|Loading/ })).toHaveCount(0);
  // The button went with the last page: the keyboard is at the first row that page brought,
  // not back at the page's start.
  const rows = page.getByRole('table', { name: 'Trading Sessions' }).getByRole('row');
  await expect(rows.nth(51).getByRole('checkbox')).toBeFocused();

  await page.getByRole('checkbox', { name: 'Select all sessions' }).check();
  await expect(page.getByRole('button', { name: 'Delete Selected (55)' })).toBeVisible();
  await page.getByRole('checkbox', { name: 'Select all sessions' }).uncheck();
  await expect(page.getByRole('button', { name: /Delete Selected/ })).toHaveCount(0);

  // A filter's status line says when there are more pages than shown.
  await page.unroute(/\/api\/sessions\?.*cursor=/);
  await page.getByLabel('From').fill('2026-01-01');
  const found = page.getByRole('status').filter({ hasText: /these filters/ });
  await expect(found).toHaveText(
    '50 sessions match these filters so far; Load more shows the rest.',
  );
  await page.getByRole('button', { name: 'Load more' }).click();
  await expect(found).toHaveText('55 sessions match these filters.');
});

test('the history builds one view of its sessions, the one the window’s width calls for, and keeps the selection across a resize', async ({
  page,
}) => {
  await logInAsNewTrader(page);
  await createSession(page, { name: 'Morning range', date: '2026-03-10' });
  await createSession(page, { name: 'Afternoon fade', date: '2026-03-11' });
  const cardList = page.getByRole('list', { name: 'Trading Sessions' });

  await page.goto('/history');
  await expect(shownNames(page)).toHaveText(['Afternoon fade', 'Morning range']);
  // Not built at all, rather than hidden: the table's rows are all the page holds.
  await expect(page.locator('main ul li')).toHaveCount(0);
  await row(page, 'Morning range').getByRole('checkbox').check();
  await expect(page.getByRole('button', { name: 'Delete Selected (1)' })).toBeVisible();

  await page.setViewportSize({ width: 390, height: 844 });
  await expect(cardList.getByRole('listitem')).toHaveCount(2);
  await expect(page.locator('main table')).toHaveCount(0);
  await expect(cardList.getByRole('checkbox', { name: /^Select Morning range/ })).toBeChecked();
  await expect(page.getByRole('button', { name: 'Delete Selected (1)' })).toBeVisible();

  await page.setViewportSize({ width: 1280, height: 720 });
  await expect(row(page, 'Morning range').getByRole('checkbox')).toBeChecked();
});

test('a selection deleted in several requests, one of which fails, leaves the list as the server has it', async ({
  page,
}) => {
  test.slow();
  await logInNewTraderThroughApi(page.request);
  for (let batch = 0; batch < 205; batch += 41) {
    await Promise.all(
      Array.from({ length: 41 }, (_, index) =>
        createSession(page, {
          name: `Session ${String(batch + index + 1).padStart(3, '0')}`,
          date: `2026-01-${String(((batch + index) % 28) + 1).padStart(2, '0')}`,
        }),
      ),
    );
  }
  await page.goto('/history');
  for (const shown of [100, 150, 200, 205]) {
    await page.getByRole('button', { name: 'Load more' }).click();
    await expect(shownNames(page)).toHaveCount(shown);
  }
  await page.getByRole('checkbox', { name: 'Select all sessions' }).check();

  // The first request (200 sessions) goes through, the second fails.
  let requests = 0;
  await page.route('**/api/sessions/bulk-delete', async (route) => {
    requests += 1;
    if (requests === 1) await route.continue();
    else await route.fulfill({ status: 500, body: '' });
  });
  const asked = answerNextBrowserDialog(page, true);
  await page.getByRole('button', { name: 'Delete Selected (205)' }).click();
  await asked;
  await expectToast(
    page,
    'Error',
    'Failed to delete some sessions: 200 deleted, the others not. Please try again.',
  );
  await expect(shownNames(page)).toHaveCount(5);
  expect(requests).toBe(2);
});
