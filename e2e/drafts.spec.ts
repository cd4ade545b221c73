import { expect, test, type Page } from '@playwright/test';
import {
  checklist,
  chooseSessionType,
  createSession,
  expectImageLoaded,
  localToday,
  makePngFile,
  openNewSessionDialog,
  pasteFile,
} from './session-support.ts';
import {
  chosenOption,
  createRules,
  createTrader,
  endLoginOnServer,
  expectToast,
  logInNewTraderThroughApi,
  logInWithForm,
  submitLoginForm,
  type Account,
} from './support.ts';

const RULES = ['Wait for the setup', 'Respect the stop'];
const RESTORED = 'Restored what you typed before your login expired.';

/** A trader with two rules, on the dashboard, whose login then ends on the server. */
async function traderWhoseLoginEnds(page: Page, request: Parameters<typeof createTrader>[0]) {
  const account = await createTrader(request);
  await logInWithForm(page, account);
  await createRules(
    page,
    RULES.map((description) => ({ description })),
  );
  await page.goto('/');
  return account;
}

/**
 * Types a session, then saves it after the login has ended (`loseTheLogin`, on the server by
 * default): the login screen comes instead, its toast starting with `reason` when one is given.
 */
async function typeSessionAndLoseTheLogin(
  page: Page,
  loseTheLogin = endLoginOnServer,
  reason = '',
) {
  const dialog = await openNewSessionDialog(page);
  await dialog.getByLabel('Session Name').fill('London open');
  await dialog.getByLabel('Date').fill('2026-03-14');
  await chooseSessionType(dialog, 'London (08:00-17:00)');
  await dialog.getByRole('checkbox', { name: RULES[1] }).check();
  await dialog.getByLabel('Notes').fill('Waited an hour for the retest.');
  await pasteFile(dialog, await makePngFile(page));
  await expectImageLoaded(dialog.getByRole('img', { name: 'Screenshot preview' }));

  await loseTheLogin(page);
  await dialog.getByRole('button', { name: 'Save Session' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expectToast(
    page,
    'Your login has expired',
    `${reason}Please log in again. What you were typing is kept: open the same form to go on.`,
  );
}

/** The drafts the tab's storage holds, by their storage key. */
function draftsInTab(page: Page) {
  return page.evaluate(() =>
    Object.keys(sessionStorage).filter((key) => key.startsWith('rulekeeper.draft.')),
  );
}

async function logInAgain(page: Page, account: Account) {
  await submitLoginForm(page, account);
  await expect(page.getByRole('heading', { level: 1, name: /Trading Dashboard$/ })).toBeVisible();
}

test('a session typed when the login ended comes back after logging in again, and saves', async ({
  page,
  request,
}) => {
  const account = await traderWhoseLoginEnds(page, request);
  await typeSessionAndLoseTheLogin(page);
  await logInAgain(page, account);

  const dialog = await openNewSessionDialog(page);
  await expect(dialog.getByRole('status')).toHaveText(RESTORED);
  await expect(dialog.getByLabel('Session Name')).toHaveValue('London open');
  await expect(dialog.getByLabel('Date')).toHaveValue('2026-03-14');
  await expect(chosenOption(dialog.getByRole('combobox', { name: 'Session Type' }))).toHaveText(
    'London (08:00-17:00)',
  );
  await expect(dialog.getByRole('checkbox', { name: RULES[0] })).not.toBeChecked();
  await expect(dialog.getByRole('checkbox', { name: RULES[1] })).toBeChecked();
  await expect(dialog.getByLabel('Notes')).toHaveValue('Waited an hour for the retest.');
  // The image was not kept, and the form says so where it goes.
  await expect(dialog.getByRole('img', { name: 'Screenshot preview' })).toHaveCount(0);
  const notKept =
    'The screenshot you had chosen could not be kept when your login expired: choose it again.';
  await expect(dialog).toContainText(notKept);

  // Restored text is typed text: closing asks first.
  await page.keyboard.press('Escape');
  await expect(page.getByRole('alertdialog', { name: 'Discard changes?' })).toBeVisible();
  await page.getByRole('button', { name: 'Keep editing' }).click();

  // Chosen again, the message goes.
  await pasteFile(dialog, await makePngFile(page));
  await expectImageLoaded(dialog.getByRole('img', { name: 'Screenshot preview' }));
  await expect(dialog).not.toContainText(notKept);

  await dialog.getByRole('button', { name: 'Save Session' }).click();
  await expectToast(page, 'Success', 'Trading session has been created');
  const recent = page.getByRole('region', { name: 'Recent Sessions' });
  await expect(recent.getByRole('link', { name: 'London open' })).toBeVisible();
  await expect(recent).toContainText('50%');

  // Given back once: the next new session starts empty.
  const next = await openNewSessionDialog(page);
  await expect(next.getByLabel('Session Name')).toHaveValue('');
  await expect(next.getByRole('status')).toHaveCount(0);
});

test('a session whose answer was lost before the login ended is given back as itself, and saved once', async ({
  page,
  request,
}) => {
  const account = await traderWhoseLoginEnds(page, request);
  const dialog = await openNewSessionDialog(page);
  await dialog.getByLabel('Session Name').fill('Stored, answer lost');
  await chooseSessionType(dialog, 'London (08:00-17:00)');

  // The first save is stored; its answer never comes back. Then the login ends.
  let firstTry: number | undefined;
  await page.route('**/api/sessions', async (route) => {
    if (route.request().method() !== 'POST' || firstTry !== undefined) return route.continue();
    firstTry = (await route.fetch()).status();
    return route.abort('connectionreset');
  });
  await dialog.getByRole('button', { name: 'Save Session' }).click();
  await expectToast(page, 'Error', 'Failed to create trading session');
  expect(firstTry).toBe(201);
  await endLoginOnServer(page);
  await dialog.getByRole('button', { name: 'Save Session' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await logInAgain(page, account);

  const again = await openNewSessionDialog(page);
  await expect(again.getByRole('status')).toHaveText(RESTORED);
  const saved = page.waitForResponse(
    (response) =>
      response.request().method() === 'POST' && response.url().endsWith('/api/sessions'),
  );
  await again.getByRole('button', { name: 'Save Session' }).click();
  // The session the first try stored, written again: not a second one.
  expect((await saved).status()).toBe(200);
  await expectToast(page, 'Success', 'Trading session has been created');
  const { sessions } = (await (await page.request.get('/api/sessions')).json()) as {
    sessions: { name: string }[];
  };
  expect(sessions.map((session) => session.name)).toEqual(['Stored, answer lost']);
});

test('a session begun before midnight and given back after it keeps the day it was begun on', async ({
  page,
  request,
}) => {
  // The page's clock, before its first load: five to midnight, by the browser's own day.
  const now = new Date();
  const evening = new Date(now.getFullYear(), now.getMonth(), now.getDate(), 23, 55);
  await page.clock.install({ time: evening });
  const account = await traderWhoseLoginEnds(page, request);
  const day = await localToday(page);

  const dialog = await openNewSessionDialog(page);
  await expect(dialog.getByLabel('Date')).toHaveValue(day);
  await dialog.getByLabel('Session Name').fill('Late Sydney open');
  await chooseSessionType(dialog, 'Sydney (22:00-07:00)');
  await endLoginOnServer(page);
  await dialog.getByRole('button', { name: 'Save Session' }).click();
  await expect(page).toHaveURL(/\/login$/);

  // Past midnight: a new form would start on the next day; the one given back does not.
  await page.clock.fastForward('10:00');
  expect(await localToday(page)).not.toBe(day);
  await logInAgain(page, account);
  const restored = await openNewSessionDialog(page);
  await expect(restored.getByRole('status')).toHaveText(RESTORED);
  await expect(restored.getByLabel('Session Name')).toHaveValue('Late Sydney open');
  await expect(restored.getByLabel('Date')).toHaveValue(day);
});

test('a session saved after another tab logged in as someone else goes to neither, and is kept for its writer', async ({
  page,
  request,
}) => {
  const writer = await traderWhoseLoginEnds(page, request);
  // Another tab of the same browser (one cookie) logs out, then in as another trader. This
  // tab is not told: headless Chromium fires no focus event.
  await typeSessionAndLoseTheLogin(
    page,
    async () => {
      expect((await page.request.post('/api/auth/logout')).status()).toBe(200);
      await logInNewTraderThroughApi(page.request);
    },
    'Another tab logged in as someone else. ',
  );
  const sessionsOfTheLogin = async () =>
    ((await (await page.request.get('/api/sessions')).json()) as { sessions: unknown[] }).sessions;
  // Nothing reached the other trader's account, whose login the browser holds.
  expect(await sessionsOfTheLogin()).toEqual([]);

  await logInAgain(page, writer);
  expect(await sessionsOfTheLogin()).toEqual([]);
  const dialog = await openNewSessionDialog(page);
  await expect(dialog.getByRole('status')).toHaveText(RESTORED);
  await expect(dialog.getByLabel('Session Name')).toHaveValue('London open');
  await expect(dialog.getByLabel('Notes')).toHaveValue('Waited an hour for the retest.');
});

test('a draft is never shown to someone else, and logging out forgets it', async ({
  page,
  request,
}) => {
  const writer = await traderWhoseLoginEnds(page, request);
  await typeSessionAndLoseTheLogin(page);

  // Someone else logs in on the same tab: an empty form, and the draft is gone from the tab.
  expect(await draftsInTab(page)).toHaveLength(1);
  const other = await createTrader(request);
  await logInAgain(page, other);
  expect(await draftsInTab(page)).toEqual([]);
  let dialog = await openNewSessionDialog(page);
  await expect(dialog.getByLabel('Session Name')).toHaveValue('');
  await expect(dialog.getByRole('status')).toHaveCount(0);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  // They log out; the writer logs in: the draft went with the logout.
  await page.getByRole('button', { name: new RegExp(other.fullName) }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await logInAgain(page, writer);
  dialog = await openNewSessionDialog(page);
  await expect(dialog.getByLabel('Session Name')).toHaveValue('');
  await expect(dialog.getByRole('status')).toHaveCount(0);
});

test('deleting the account forgets its drafts', async ({ page, request }) => {
  const writer = await traderWhoseLoginEnds(page, request);
  await typeSessionAndLoseTheLogin(page);
  await logInAgain(page, writer);
  expect(await draftsInTab(page)).toEqual([
    expect.stringMatching(/^rulekeeper\.draft\.\d+\.session-new$/),
  ]);

  await page.goto('/settings');
  await page
    .getByRole('region', { name: 'Danger Zone' })
    .getByRole('button', { name: 'Delete my account' })
    .click();
  const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
  await dialog.getByLabel('Password').fill(writer.password);
  await dialog.getByRole('button', { name: 'Delete my account' }).click();
  await expectToast(page, 'Account Deleted', 'Your account and all its data have been deleted.');
  expect(await draftsInTab(page)).toEqual([]);
});

for (const withNewImage of [false, true]) {
  test(`an edited session gives back only what was changed (${withNewImage ? 'a new image chosen' : 'the saved image left'}): its saved screenshot and changes made elsewhere stay`, async ({
    page,
    request,
  }) => {
    const account = await traderWhoseLoginEnds(page, request);
    const session = await createSession(page, {
      name: 'Asia range',
      date: '2026-03-10',
      rulesFollowed: await checklist(page, 1),
      notes: 'First notes',
      withScreenshot: true,
    });
    await page.goto(`/history/${session.id}`);
    await page.getByRole('button', { name: 'Edit', exact: true }).click();
    let dialog = page.getByRole('dialog', { name: 'Edit Trading Session' });
    await dialog.getByLabel('Notes').fill('Second notes');
    if (withNewImage) await pasteFile(dialog, await makePngFile(page));
    await expectImageLoaded(dialog.getByRole('img', { name: 'Screenshot preview' }));

    // Meanwhile, on another device, the session is renamed.
    const renamed = await page.request.put(`/api/sessions/${session.id}`, {
      data: {
        name: 'Asia range, renamed',
        date: '2026-03-10',
        sessionTypeId: session.sessionTypeId,
        rulesFollowed: session.rulesFollowed.map(({ ruleId, followed }) => ({ ruleId, followed })),
        notes: 'First notes',
      },
    });
    expect(renamed.status(), await renamed.text()).toBe(200);

    await endLoginOnServer(page);
    await dialog.getByRole('button', { name: 'Save Session' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await submitLoginForm(page, account);
    await expect(page).toHaveURL(new RegExp(`/history/${session.id}$`));

    await page.getByRole('button', { name: 'Edit', exact: true }).click();
    dialog = page.getByRole('dialog', { name: 'Edit Trading Session' });
    await expect(dialog.getByRole('status')).toHaveText(RESTORED);
    await expect(dialog.getByLabel('Notes')).toHaveValue('Second notes');
    await expect(dialog.getByLabel('Session Name')).toHaveValue('Asia range, renamed');
    // The saved screenshot is still the session's; only a new choice was not kept.
    await expectImageLoaded(dialog.getByRole('img', { name: 'Screenshot preview' }));
    if (withNewImage) {
      await expect(dialog).toContainText('could not be kept when your login expired');
    } else {
      await expect(dialog).not.toContainText('could not be kept');
    }
    await dialog.getByRole('button', { name: 'Save Session' }).click();
    await expectToast(page, 'Success', 'Trading session has been updated');

    const saved = await page.request.get(`/api/sessions/${session.id}`);
    const { session: after } = (await saved.json()) as { session: typeof session };
    expect(after.name).toBe('Asia range, renamed');
    expect(after.notes).toBe('Second notes');
    expect(after.screenshotPath).toBe(session.screenshotPath);
  });
}

test('an edited rule gives back only the field that was changed', async ({ page, request }) => {
  const account = await createTrader(request);
  await logInWithForm(page, account);
  const created = await page.request.post('/api/rules', {
    data: { description: 'Wait for the close', notes: 'First notes' },
  });
  const { rule } = (await created.json()) as { rule: { id: number } };
  await page.goto('/rules');
  await page.getByRole('button', { name: 'Edit rule: Wait for the close' }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit Trading Rule' });
  await dialog.getByLabel('Additional Notes').fill('Second notes');

  // Meanwhile, on another device, the rule is reworded.
  const reworded = await page.request.put(`/api/rules/${rule.id}`, {
    data: { description: 'Wait for the candle to close', notes: 'First notes' },
  });
  expect(reworded.status(), await reworded.text()).toBe(200);
  await endLoginOnServer(page);
  await dialog.getByRole('button', { name: 'Update Rule' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await submitLoginForm(page, account);

  await page.getByRole('button', { name: 'Edit rule: Wait for the candle to close' }).click();
  await expect(dialog.getByRole('status')).toHaveText(RESTORED);
  await expect(dialog.getByLabel('Rule Description')).toHaveValue('Wait for the candle to close');
  await expect(dialog.getByLabel('Additional Notes')).toHaveValue('Second notes');
});
