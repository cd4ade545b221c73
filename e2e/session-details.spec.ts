import { expect, test, type Page } from '@playwright/test';
import { SESSION_CHANGED_ELSEWHERE } from '#shared/schemas/sessions.ts';
import {
  createSession,
  getRules,
  getSessionTypes,
  logInOtherTrader,
  TINY_PNG_DATA_URL,
} from './session-support.ts';
import {
  answerNextBrowserDialog,
  createRules,
  expectNoSeriousViolations,
  expectToast,
  holdRequests,
  logInAsNewTrader,
  logInNewTraderThroughApi,
} from './support.ts';

function card(page: Page, title: string) {
  return page.getByRole('region', { name: title, exact: true });
}

async function expectNotFound(page: Page) {
  await expect(page.getByRole('heading', { name: 'Session Not Found' })).toBeVisible();
  await expect(
    page.getByText(
      "The trading session you're looking for doesn't exist or you don't have permission to view it.",
    ),
  ).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Session Details' })).toHaveCount(0);
}

test('the details page shows a session as it was recorded', async ({ page }) => {
  await logInAsNewTrader(page);
  await createRules(page, [
    { description: 'Follow stop loss on every trade' },
    { description: 'Wait for the candle to close' },
    { description: 'No revenge trades' },
  ]);
  const [stopLoss, candle, revenge] = await getRules(page);
  const session = await createSession(page, {
    name: 'London breakout',
    date: '2026-03-14',
    sessionType: 'London',
    rulesFollowed: [
      { ruleId: stopLoss!.id, followed: true },
      { ruleId: candle!.id, followed: false },
      { ruleId: revenge!.id, followed: true },
    ],
    notes: 'Entered on the retest.\nExited at the first target.',
    withScreenshot: true,
  });

  await page.goto(`/history/${session.id}`);
  await expect(page.getByRole('heading', { name: 'Session Details', level: 1 })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Back to History' })).toHaveAttribute(
    'href',
    '/history',
  );
  // Edit opens the session dialog on this session.
  await page.getByRole('button', { name: 'Edit', exact: true }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Trading Session' });
  await expect(edit.getByLabel('Session Name')).toHaveValue('London breakout');
  await edit.getByRole('button', { name: 'Cancel' }).click();
  await expect(edit).toBeHidden();

  const information = card(page, 'Session Information');
  await expect(information).toContainText('London breakout');
  await expect(information).toContainText('Mar 14, 2026');
  await expect(information).toContainText('London (08:00-17:00)');
  // 2 of 3: 67%, red band, and 'Fair' (50 to 69).
  await expect(information).toContainText('67% (off track)');
  await expect(information.getByText('Fair', { exact: true })).toBeVisible();

  const summary = card(page, 'Compliance Summary');
  await expect(summary.getByText('2 Rules Followed', { exact: true })).toBeVisible();
  await expect(summary.getByText('1 Rules Violated', { exact: true })).toBeVisible();

  const followed = page
    .getByRole('list', { name: 'Rules Successfully Followed' })
    .getByRole('listitem');
  await expect(followed).toHaveCount(2);
  await expect(followed.nth(0)).toContainText('Follow stop loss on every trade');
  await expect(followed.nth(0)).toContainText(`Rule #${stopLoss!.id} - Successfully followed`);
  await expect(followed.nth(1)).toContainText('No revenge trades');
  await expect(followed.nth(1)).toContainText(`Rule #${revenge!.id} - Successfully followed`);
  const violated = page.getByRole('list', { name: 'Rules Violated' }).getByRole('listitem');
  await expect(violated).toHaveCount(1);
  await expect(violated).toContainText('Wait for the candle to close');
  await expect(violated).toContainText(`Rule #${candle!.id} - Needs improvement`);

  // The notes with their line break, in 'Session Notes' and again in 'Notes', as the product
  // shows them.
  for (const title of ['Session Notes', 'Notes']) {
    await expect
      .poll(() =>
        card(page, title)
          .locator('p')
          .evaluate((p: HTMLElement) => p.innerText),
      )
      .toBe('Entered on the retest.\nExited at the first target.');
  }

  const screenshot = card(page, 'Screenshot');
  const image = screenshot.getByRole('img', { name: 'Screenshot of London breakout' });
  await expect
    .poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth))
    .toBeGreaterThan(0);
  const fullSize = screenshot.getByRole('link', { name: /Open full size/ });
  await expect(fullSize).toHaveAttribute('href', /^\/api\/screenshots\/[\w-]+\.\w+$/);
  await expect(fullSize).toHaveAttribute('target', '_blank');
  await expectNoSeriousViolations(page);

  await page.getByRole('link', { name: 'Back to History' }).click();
  await expect(page).toHaveURL(/\/history$/);
});

test('a session without checklist, notes or screenshot says so', async ({ page }) => {
  await logInNewTraderThroughApi(page.request);
  const session = await createSession(page, { name: 'Sydney open', date: '2026-01-05' });

  await page.goto(`/history/${session.id}`);
  const information = card(page, 'Session Information');
  await expect(information).toContainText('Jan 5, 2026');
  await expect(information).toContainText('0% (off track)');
  await expect(information.getByText('Needs Improvement', { exact: true })).toBeVisible();
  await expect(card(page, 'Compliance Summary').getByText('0 Rules Followed')).toBeVisible();
  await expect(page.getByText('No rules compliance data available for this session')).toBeVisible();
  await expect(page.getByText('No screenshot available for this session')).toBeVisible();
  await expect(card(page, 'Session Notes')).toHaveCount(0);
  await expect(card(page, 'Notes')).toHaveCount(0);
});

test('editing or deleting a rule later does not rewrite a recorded session', async ({ page }) => {
  await logInAsNewTrader(page);
  await createRules(page, [{ description: 'Risk 1% at most' }, { description: 'Log every trade' }]);
  const [risk, log] = await getRules(page);
  const session = await createSession(page, {
    name: 'Before the rule change',
    date: '2026-03-02',
    rulesFollowed: [
      { ruleId: risk!.id, followed: true },
      { ruleId: log!.id, followed: false },
    ],
  });
  const edited = await page.request.put(`/api/rules/${risk!.id}`, {
    data: { description: 'Risk 2% at most' },
  });
  expect(edited.status()).toBe(200);
  const deleted = await page.request.delete(`/api/rules/${log!.id}`);
  expect(deleted.status()).toBe(200);

  await page.goto(`/history/${session.id}`);
  const followed = page.getByRole('list', { name: 'Rules Successfully Followed' });
  await expect(followed).toContainText('Risk 1% at most');
  await expect(followed).not.toContainText('Risk 2% at most');
  const violated = page.getByRole('list', { name: 'Rules Violated' });
  await expect(violated).toContainText('Log every trade');
  await expect(violated).toContainText(`Rule #${log!.id} - Needs improvement`);
});

test("a trader cannot open another trader's session, nor one that does not exist", async ({
  page,
  baseURL,
}) => {
  const other = await logInOtherTrader(baseURL);
  const foreign = await createSession(other, { name: 'Not yours', date: '2026-03-14' });
  await other.dispose();

  await logInNewTraderThroughApi(page.request);
  await page.goto(`/history/${foreign.id}`);
  await expectNotFound(page);
  await expect(page.getByText('Not yours')).toHaveCount(0);
  await expectNoSeriousViolations(page);

  await page.goto('/history/2147483647');
  await expectNotFound(page);

  // Not an id at all: no request is made.
  const asked: string[] = [];
  page.on('request', (req) => {
    if (req.url().includes('/api/sessions')) asked.push(req.url());
  });
  for (const id of ['abc', '0', '-1', '1e3', '99999999999']) {
    await page.goto(`/history/${id}`);
    await expectNotFound(page);
  }
  expect(asked).toEqual([]);

  await page.getByRole('link', { name: 'Back to History' }).click();
  await expect(page).toHaveURL(/\/history$/);
});

test('deleting a session from its details page returns to the history', async ({ page }) => {
  await logInNewTraderThroughApi(page.request);
  const session = await createSession(page, { name: 'To be deleted', date: '2026-03-14' });
  await createSession(page, { name: 'To be kept', date: '2026-03-13' });

  await page.goto(`/history/${session.id}`);
  const remove = page.getByRole('button', { name: 'Delete', exact: true });
  const release = await holdRequests(page, `**/api/sessions/${session.id}`, 'DELETE');
  const asked = answerNextBrowserDialog(page, true);
  await remove.click();
  expect(await asked).toEqual({
    type: 'confirm',
    message: 'Are you sure you want to delete this session? This action cannot be undone.',
  });
  // The button waits for the answer, and so does Edit: the page leaves with the session, and an
  // edit begun meanwhile would go with it unasked.
  await expect(remove).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Edit', exact: true })).toBeDisabled();
  release();
  await expectToast(page, 'Success', 'Session deleted successfully');
  await expect(page).toHaveURL(/\/history$/);
  await expect(
    page.getByRole('table', { name: 'Trading Sessions' }).getByRole('rowheader'),
  ).toHaveText(['To be kept']);
  await expect(page.getByRole('main')).toBeFocused();
});

test('a delete that ends after the trader has moved on leaves them where they went', async ({
  page,
}) => {
  await logInNewTraderThroughApi(page.request);
  const session = await createSession(page, { name: 'To be deleted', date: '2026-03-14' });
  await page.goto(`/history/${session.id}`);
  const release = await holdRequests(page, `**/api/sessions/${session.id}`, 'DELETE');
  const asked = answerNextBrowserDialog(page, true);
  await page.getByRole('button', { name: 'Delete', exact: true }).click();
  await asked;
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'Trading Rules' })
    .click();
  await page.getByRole('button', { name: 'Add New Rule' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Trading Rule' });
  await dialog.getByLabel('Rule Description').fill('Typed while the delete was awaited');
  release();
  await expectToast(page, 'Success', 'Session deleted successfully');
  await expect(page).toHaveURL(/\/rules$/);
  await expect(dialog.getByLabel('Rule Description')).toHaveValue(
    'Typed while the delete was awaited',
  );
});

test('a session deleted elsewhere says it is gone when the page asks again, and an open edit keeps its text', async ({
  page,
}) => {
  await logInNewTraderThroughApi(page.request);
  const session = await createSession(page, { name: 'Deleted elsewhere', date: '2026-03-14' });
  await page.goto(`/history/${session.id}`);
  await page.getByRole('button', { name: 'Edit', exact: true }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Trading Session' });
  await edit.getByLabel('Notes').fill('Typed before it went');

  // Another tab deletes it; this one is focused again, and asks again.
  expect((await page.request.delete(`/api/sessions/${session.id}`)).status()).toBe(200);
  const asked = page.waitForResponse(
    (response) =>
      response.url().endsWith(`/api/sessions/${session.id}`) && response.status() === 404,
  );
  await page.evaluate(() => window.dispatchEvent(new Event('focus')));
  await asked;
  await expect(edit.getByLabel('Notes')).toHaveValue('Typed before it went');
  await edit.getByRole('button', { name: 'Close dialog' }).click();
  await page
    .getByRole('alertdialog', { name: 'Discard changes?' })
    .getByRole('button', { name: 'Discard' })
    .click();
  await expectNotFound(page);
  await expect(page.getByText('Deleted elsewhere')).toHaveCount(0);
});

test('an edit opened before another device changed the session is refused, not saved over that change', async ({
  page,
}) => {
  await logInNewTraderThroughApi(page.request);
  const session = await createSession(page, { name: 'Changed elsewhere', date: '2026-03-14' });
  await page.goto(`/history/${session.id}`);
  await page.getByRole('button', { name: 'Edit', exact: true }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Trading Session' });
  await edit.getByLabel('Session Name').fill('Renamed here');

  // Meanwhile, from a phone: the chart's screenshot and a note.
  const [type] = await getSessionTypes(page);
  const added = await page.request.put(`/api/sessions/${session.id}`, {
    data: {
      name: 'Changed elsewhere',
      date: '2026-03-14',
      sessionTypeId: type?.id,
      rulesFollowed: [],
      notes: 'Noted on the phone',
      screenshotData: TINY_PNG_DATA_URL,
      version: session.version,
    },
  });
  expect(added.status(), await added.text()).toBe(200);

  // Saved here, the form would put back what it opened with: refused, and the text stays.
  await edit.getByRole('button', { name: 'Save Session' }).click();
  await expectToast(page, 'Error', SESSION_CHANGED_ELSEWHERE);
  await expect(edit.getByLabel('Session Name')).toHaveValue('Renamed here');
  const kept = (await (await page.request.get(`/api/sessions/${session.id}`)).json()) as {
    session: { name: string; notes: string | null; screenshotPath: string | null };
  };
  expect(kept.session).toMatchObject({ name: 'Changed elsewhere', notes: 'Noted on the phone' });
  expect(kept.session.screenshotPath).not.toBeNull();

  // Opened again, the dialog starts from the phone's version, and saves over it.
  await edit.getByRole('button', { name: 'Close dialog' }).click();
  await page
    .getByRole('alertdialog', { name: 'Discard changes?' })
    .getByRole('button', { name: 'Discard' })
    .click();
  await expect(card(page, 'Session Notes')).toContainText('Noted on the phone');
  await page.getByRole('button', { name: 'Edit', exact: true }).click();
  await expect(edit.getByLabel('Notes')).toHaveValue('Noted on the phone');
  await edit.getByLabel('Session Name').fill('Renamed here');
  await edit.getByRole('button', { name: 'Save Session' }).click();
  await expect(edit).toBeHidden();
  const saved = (await (await page.request.get(`/api/sessions/${session.id}`)).json()) as {
    session: { name: string; notes: string | null; screenshotPath: string | null };
  };
  expect(saved.session).toMatchObject({ name: 'Renamed here', notes: 'Noted on the phone' });
  expect(saved.session.screenshotPath).not.toBeNull();
});
