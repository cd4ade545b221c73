import { expect, test, type Page } from '@playwright/test';
import {
  checklist,
  chooseSessionType,
  createSession,
  dropFile,
  expectImageLoaded,
  localToday,
  makePngFile,
  openNewSessionDialog,
  pasteFile,
  tabTo,
} from './session-support.ts';
import {
  afterTwoFrames,
  chosenOption,
  createRules,
  expectNoSeriousViolations,
  expectToast,
  holdRequests,
  logInAsNewTrader,
  logInNewTraderThroughApi,
  pressEscape,
} from './support.ts';

const RULES = [
  { description: 'Trade only my setups' },
  { description: 'Respect the stop loss' },
  { description: 'No revenge trades' },
];

function isSessionCreation(request: { url(): string; method(): string }) {
  return request.method() === 'POST' && new URL(request.url()).pathname === '/api/sessions';
}

/** The names of the trader's sessions as the server has them, newest first. */
async function storedSessionNames(page: Page) {
  const answer = (await (await page.request.get('/api/sessions')).json()) as {
    sessions: { name: string }[];
  };
  return answer.sessions.map((session) => session.name);
}

/** The 'Mar 14, 2026' form of a `YYYY-MM-DD` day, read as the calendar day it names. */
function shownDate(day: string) {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, date)).toLocaleDateString('en-US', {
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    timeZone: 'UTC',
  });
}

async function logInWithRules(page: Page) {
  await logInNewTraderThroughApi(page.request);
  await createRules(page, RULES);
  await page.goto('/');
}

test('a trader records a session with two of three rules followed and a pasted screenshot', async ({
  page,
}) => {
  await logInWithRules(page);
  const dialog = await openNewSessionDialog(page);

  await dialog.getByLabel('Session Name').fill('London open');
  await chooseSessionType(dialog, 'London (08:00-17:00)');

  // Every current rule, in order, none ticked yet.
  const checklist = dialog.getByRole('group', { name: 'Trading Rules Followed' });
  const boxes = checklist.getByRole('checkbox');
  await expect(boxes).toHaveCount(3);
  for (const [index, rule] of RULES.entries()) {
    await expect(boxes.nth(index)).toHaveAccessibleName(rule.description);
    await expect(boxes.nth(index)).not.toBeChecked();
  }
  await checklist.getByRole('checkbox', { name: 'Trade only my setups' }).check();
  await checklist.getByText('No revenge trades').click();
  await expect(checklist.getByRole('checkbox', { name: 'No revenge trades' })).toBeChecked();

  const notes = dialog.getByLabel('Notes');
  await notes.fill('  Waited for the retest.  ');
  const preview = dialog.getByRole('img', { name: 'Screenshot preview' });
  // Cells copied from a spreadsheet come with a picture of themselves: pasted in the notes, the
  // text goes there (the page leaves the paste to the browser) and no screenshot is taken.
  const cells = {
    'text/plain': 'EURUSD\t+1.5R',
    'text/html': '<table><tr><td>EURUSD</td><td>+1.5R</td></tr></table>',
  };
  expect(await pasteFile(notes, await makePngFile(page, 'cells.png'), cells)).toBe(false);
  await afterTwoFrames(page);
  await expect(preview).toHaveCount(0);
  // A chart screenshot copied to the clipboard and pasted while typing the notes. A file copied
  // in a file manager carries its name as plain text alone: it is the file that is meant.
  const copiedFile = { 'text/plain': 'chart.png' };
  expect(await pasteFile(notes, await makePngFile(page), copiedFile)).toBe(true);
  await expect(preview).toBeVisible();
  await expect(preview).toHaveCSS('height', '192px');
  await expectImageLoaded(preview);
  await expect(notes).toHaveValue('  Waited for the retest.  ');

  // The answer is held back: meanwhile the dialog says it is saving and nothing can close it.
  const release = await holdRequests(page, '**/api/sessions');
  const creation = page.waitForRequest(isSessionCreation);
  await dialog.getByRole('button', { name: 'Save Session' }).click();
  await expect(dialog.getByRole('button', { name: 'Saving...' })).toBeDisabled();
  await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeDisabled();
  await pressEscape(page);
  await expect(dialog).toBeVisible();
  release();
  const body = (await creation).postDataJSON() as Record<string, unknown>;
  expect(body).toMatchObject({
    name: 'London open',
    date: await localToday(page),
    notes: 'Waited for the retest.',
    rulesFollowed: [{ followed: true }, { followed: false }, { followed: true }],
  });
  expect(body.screenshotData).toMatch(/^data:image\/png;base64,/);

  await expectToast(page, 'Success', 'Trading session has been created');
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('button', { name: 'New Session' })).toBeFocused();

  const recentSessions = page.getByRole('region', { name: 'Recent Sessions' });
  const row = recentSessions.getByRole('listitem');
  await expect(row).toHaveCount(1);
  const sessionLink = row.getByRole('link', { name: 'London open' });
  await expect(sessionLink).toHaveAttribute('href', /^\/history\/\d+$/);
  await expect(row).toContainText('67%');
  await expect(row).toContainText(shownDate(await localToday(page)));
  await expect(recentSessions.getByRole('link', { name: 'View All Sessions' })).toHaveAttribute(
    'href',
    '/history',
  );

  const recentScreenshots = page.getByRole('region', { name: 'Recent Screenshots' });
  const thumbnail = recentScreenshots.getByRole('img', { name: /^Screenshot of London open, / });
  await expect(thumbnail).toHaveAttribute('src', /^\/api\/screenshots\/[^/]+\/thumbnail$/);
  await expectImageLoaded(thumbnail);
  await expect(recentScreenshots.getByRole('listitem')).toContainText('67%');
  await expect(recentScreenshots.getByRole('listitem').getByRole('link')).toHaveAttribute(
    'href',
    (await sessionLink.getAttribute('href')) ?? '',
  );
  await expect(
    recentScreenshots.getByRole('link', { name: 'View All Screenshots' }),
  ).toHaveAttribute('href', '/history');
});

test('a screenshot still being read holds Save until it is in the form', async ({ page }) => {
  await logInAsNewTrader(page);
  // The browser's reading of a file waits for the test's word (a large image on a phone).
  await page.evaluate(() => {
    const read = FileReader.prototype.readAsDataURL;
    FileReader.prototype.readAsDataURL = function (this: FileReader, blob: Blob) {
      Object.assign(window, { finishRead: () => read.call(this, blob) });
    };
  });
  const dialog = await openNewSessionDialog(page);
  await dialog.getByLabel('Session Name').fill('A large chart');
  await chooseSessionType(dialog, 'London (08:00-17:00)');
  await pasteFile(dialog, await makePngFile(page));
  await expect(
    dialog.getByRole('status').filter({ hasText: 'Reading the image...' }),
  ).toBeVisible();
  const save = dialog.getByRole('button', { name: 'Save Session' });
  await expect(save).toBeDisabled();

  await page.evaluate(() => (window as unknown as { finishRead: () => void }).finishRead());
  await expect(dialog.getByRole('img', { name: 'Screenshot preview' })).toBeVisible();
  await expect(dialog.getByText('Reading the image...')).toHaveCount(0);
  const creation = page.waitForRequest(isSessionCreation);
  await save.click();
  const body = (await creation).postDataJSON() as Record<string, unknown>;
  expect(body.screenshotData).toMatch(/^data:image\/png;base64,/);
});

test('an image whose read ends after a later choice does not replace that choice', async ({
  page,
}) => {
  await logInAsNewTrader(page);
  // The browser's reading of each file waits for the test's word, by the file's name.
  await page.evaluate(() => {
    const read = FileReader.prototype.readAsDataURL;
    const held: Record<string, () => void> = {};
    FileReader.prototype.readAsDataURL = function (this: FileReader, blob: Blob) {
      held[(blob as File).name] = () => read.call(this, blob);
    };
    Object.assign(window, { finishRead: (name: string) => held[name]?.() });
  });
  const finishRead = (name: string) =>
    page.evaluate(
      (file) => (window as unknown as { finishRead: (n: string) => void }).finishRead(file),
      name,
    );
  const dialog = await openNewSessionDialog(page);
  const preview = dialog.getByRole('img', { name: 'Screenshot preview' });
  const shownWidth = () => preview.evaluate((image: HTMLImageElement) => image.naturalWidth);

  // A large photo, then at once a small screenshot (half its width); the small one is read first.
  await pasteFile(dialog, await makePngFile(page, 'photo.png'));
  const small = await page.evaluateHandle(async () => {
    const canvas = document.createElement('canvas');
    canvas.width = 60;
    canvas.height = 40;
    const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/png'));
    return new File([blob ?? new Blob()], 'screenshot.png', { type: 'image/png' });
  });
  await pasteFile(dialog, small);
  await finishRead('screenshot.png');
  await expect(preview).toBeVisible();
  await expect.poll(shownWidth).toBe(60);
  await finishRead('photo.png');
  await expect(dialog.getByText('Reading the image...')).toHaveCount(0);
  await expect.poll(shownWidth).toBe(60);

  // Remove while another image is being read: the read that ends after it brings nothing back.
  await pasteFile(dialog, await makePngFile(page, 'late.png'));
  await dialog.getByRole('button', { name: 'Remove' }).click();
  await finishRead('late.png');
  await expect(dialog.getByText('Reading the image...')).toHaveCount(0);
  await expect(preview).toHaveCount(0);
});

test('the dialog checks its fields at the field and takes only images', async ({ page }) => {
  await logInWithRules(page);
  let creations = 0;
  page.on('request', (request) => {
    if (isSessionCreation(request)) creations += 1;
  });
  const dialog = await openNewSessionDialog(page);

  // Nothing typed and the date cleared: three messages, focus on the first field.
  await dialog.getByLabel('Date').fill('');
  await dialog.getByRole('button', { name: 'Save Session' }).click();
  await expect(dialog.getByText('Session name is required')).toBeVisible();
  await expect(dialog.getByText('Date is required')).toBeVisible();
  await expect(dialog.getByText('Session type is required')).toBeVisible();
  await expect(dialog.getByLabel('Session Name')).toBeFocused();
  await expect(dialog.getByLabel('Session Name')).toHaveAttribute('aria-invalid', 'true');
  await expect(dialog.getByRole('combobox', { name: 'Session Type' })).toHaveAttribute(
    'aria-invalid',
    'true',
  );

  // A text file through the file picker is refused before anything is sent.
  const chooser = page.waitForEvent('filechooser');
  await dialog.getByRole('button', { name: 'Choose image' }).click();
  await (
    await chooser
  ).setFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not a chart') });
  await expectToast(page, 'Invalid File', 'Please select an image file');
  const preview = dialog.getByRole('img', { name: 'Screenshot preview' });
  await expect(preview).toHaveCount(0);

  // An image dropped on the zone is taken; Remove clears it.
  await dropFile(dialog.getByText('Drag an image here or paste it'), await makePngFile(page));
  await expect(preview).toBeVisible();
  await expectImageLoaded(preview);
  await dialog.getByRole('button', { name: 'Remove' }).click();
  await expect(preview).toHaveCount(0);
  // Remove went with the image: focus is on the way to choose another, not lost.
  await expect(dialog.getByRole('button', { name: 'Choose image' })).toBeFocused();

  // A screenshot is something to lose: closing now asks first.
  await dropFile(dialog.getByText('Drag an image here or paste it'), await makePngFile(page));
  await expect(preview).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  const discard = page.getByRole('alertdialog', { name: 'Discard changes?' });
  await expect(discard).toBeVisible();
  await discard.getByRole('button', { name: 'Discard' }).click();
  await expect(dialog).toBeHidden();

  // Opened again, it starts afresh.
  await openNewSessionDialog(page);
  await expect(preview).toHaveCount(0);
  await expect(dialog.getByText('Session name is required')).toHaveCount(0);
  await expect(dialog.getByLabel('Date')).toHaveValue(await localToday(page));
  expect(creations).toBe(0);
});

test('a day after today is refused at the Date field, and the picker offers none', async ({
  page,
}) => {
  await logInWithRules(page);
  const dialog = await openNewSessionDialog(page);
  const today = await localToday(page);
  const date = dialog.getByLabel('Date');
  await expect(date).toHaveAttribute('max', today);

  // Typed rather than picked, three days ahead: today nowhere on Earth, whatever the browser's
  // time zone (the server takes the UTC day after its own, and a local day is at most one
  // behind UTC's).
  const ahead = new Date(`${today}T12:00:00Z`);
  ahead.setUTCDate(ahead.getUTCDate() + 3);
  await dialog.getByLabel('Session Name').fill('Next week, by mistake');
  await date.fill(ahead.toISOString().slice(0, 10));
  await chooseSessionType(dialog, 'London (08:00-17:00)');
  await dialog.getByRole('button', { name: 'Save Session' }).click();
  await expect(dialog.getByText('Date cannot be in the future')).toBeVisible();
  await expect(date).toHaveAttribute('aria-invalid', 'true');

  await date.fill(today);
  await dialog.getByRole('button', { name: 'Save Session' }).click();
  await expectToast(page, 'Success', 'Trading session has been created');
  await expect(dialog).toBeHidden();
});

test.describe("a session dated after the trader's today", () => {
  // The browser's day is UTC's: the server's latest day (the UTC day after its own) is ahead.
  test.use({ timezoneId: 'UTC' });

  test('is refused by the dialog for the day after, which the server would take', async ({
    page,
  }) => {
    await logInWithRules(page);
    const dialog = await openNewSessionDialog(page);
    const today = await localToday(page);
    const tomorrow = new Date(`${today}T12:00:00Z`);
    tomorrow.setUTCDate(tomorrow.getUTCDate() + 1);
    let posts = 0;
    page.on('request', (request) => {
      if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/sessions') {
        posts += 1;
      }
    });
    await dialog.getByLabel('Session Name').fill('Tomorrow, typed');
    const date = dialog.getByLabel('Date');
    await date.fill(tomorrow.toISOString().slice(0, 10));
    await chooseSessionType(dialog, 'London (08:00-17:00)');
    await dialog.getByRole('button', { name: 'Save Session' }).click();
    await expect(dialog.getByText('Date cannot be in the future')).toBeVisible();
    await expect(date).toBeFocused();
    await expect(date).toHaveAttribute('aria-invalid', 'true');
    expect(posts).toBe(0);

    await date.fill(today);
    await dialog.getByRole('button', { name: 'Save Session' }).click();
    await expectToast(page, 'Success', 'Trading session has been created');
    expect(posts).toBe(1);
  });

  test('is edited with its own day kept, the picker still ending on today', async ({ page }) => {
    await logInNewTraderThroughApi(page.request);
    const today = await localToday(page);
    const tomorrow = new Date(`${today}T12:00:00Z`);
    tomorrow.setUTCDate(tomorrow.getUTCDate() + 1);
    const ahead = tomorrow.toISOString().slice(0, 10);
    const session = await createSession(page, { name: 'Dated ahead', date: ahead });

    await page.goto(`/history/${session.id}`);
    await page.getByRole('button', { name: 'Edit', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit Trading Session' });
    const date = dialog.getByLabel('Date');
    await expect(date).toHaveValue(ahead);
    await expect(date).toHaveAttribute('max', today);
    await dialog.getByLabel('Session Name').fill('Renamed, day kept');
    await dialog.getByRole('button', { name: 'Save Session' }).click();
    await expectToast(page, 'Success', 'Trading session has been updated');
    await expect(page.getByText('Renamed, day kept')).toBeVisible();
  });
});

test('while the save is under way nothing can be typed or picked that it would not send; refused, the field has the keyboard again', async ({
  page,
}) => {
  await logInWithRules(page);
  const dialog = await openNewSessionDialog(page);
  await chooseSessionType(dialog, 'Tokyo (00:00-09:00)');
  const name = dialog.getByLabel('Session Name');
  await name.fill('Tokyo range');

  // The save is held, then refused with no answer the form can place.
  let refuse = () => {};
  const refused = new Promise<void>((resolve) => (refuse = resolve));
  await page.route('**/api/sessions', async (route) => {
    if (!isSessionCreation(route.request())) return route.continue();
    await refused;
    await route.fulfill({ status: 500, json: { message: 'Internal server error' } });
  });
  await name.press('Enter');
  await expect(dialog.getByRole('button', { name: 'Saving...' })).toBeDisabled();
  await expect(name).toBeDisabled();
  await expect(dialog.getByLabel('Notes')).toBeDisabled();
  await expect(dialog.getByRole('checkbox', { name: RULES[0]!.description })).toBeDisabled();
  await expect(dialog.getByRole('button', { name: 'Choose image' })).toBeDisabled();
  // A chart pasted meanwhile is not taken either.
  const chart = await makePngFile(page, 'chart.png');
  await pasteFile(page.locator('body'), chart);
  await afterTwoFrames(page);
  await expect(dialog.getByRole('img', { name: 'Screenshot preview' })).toHaveCount(0);

  refuse();
  await expectToast(page, 'Error');
  await expect(name).toBeEnabled();
  await expect(name).toBeFocused();
  await expect(name).toHaveValue('Tokyo range');
});

test('a screenshot the server refuses is reported beside the picker', async ({ page }) => {
  await logInWithRules(page);
  const dialog = await openNewSessionDialog(page);
  await dialog.getByLabel('Session Name').fill('Tokyo range');
  await chooseSessionType(dialog, 'Tokyo (00:00-09:00)');

  // Claims to be a PNG, but its bytes are markup: only the server, which reads them, can tell.
  const chooser = page.waitForEvent('filechooser');
  await dialog.getByRole('button', { name: 'Choose image' }).click();
  await (
    await chooser
  ).setFiles({
    name: 'chart.png',
    mimeType: 'image/png',
    buffer: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'),
  });
  await dialog.getByRole('button', { name: 'Save Session' }).click();

  const picker = dialog.getByRole('group', { name: 'Trading Screenshot' });
  await expect(
    picker.getByText('The screenshot must be a PNG, JPEG, WebP or GIF image'),
  ).toBeVisible();
  await expect(picker.getByRole('button', { name: 'Choose another image' })).toBeFocused();
  await expect(dialog).toBeVisible();
  const response = await page.request.get('/api/sessions');
  expect((await response.json()) as unknown).toMatchObject({ sessions: [] });
});

test('a save whose lists cannot be read again, the connection lost after it, closes its dialog all the same', async ({
  page,
  context,
}) => {
  await logInWithRules(page);
  const dialog = await openNewSessionDialog(page);
  await dialog.getByLabel('Session Name').fill('Saved as the line dropped');
  await chooseSessionType(dialog, 'Tokyo (00:00-09:00)');

  // The save goes through; the reads it asks for then fail as the connection goes.
  let isSaved = false;
  await page.route('**/api/**', async (route) => {
    const request = route.request();
    if (isSessionCreation(request)) {
      const response = await route.fetch();
      isSaved = true;
      return route.fulfill({ response });
    }
    if (!isSaved || request.method() !== 'GET') return route.continue();
    await context.setOffline(true);
    return route.abort('internetdisconnected');
  });
  await dialog.getByRole('button', { name: 'Save Session' }).click();
  await expectToast(page, 'Success', 'Trading session has been created');
  await expect(dialog).toBeHidden();
  await context.setOffline(false);
});

test('saved without a connection, the session is refused at once and kept in the dialog to save again', async ({
  page,
  context,
}) => {
  await logInWithRules(page);
  const dialog = await openNewSessionDialog(page);
  await dialog.getByLabel('Session Name').fill('Offline at the open');
  await chooseSessionType(dialog, 'Tokyo (00:00-09:00)');

  await context.setOffline(true);
  await dialog.getByRole('button', { name: 'Save Session' }).click();
  // No answer, so no server message: the product's own words.
  await expectToast(page, 'Error', 'Failed to create trading session');
  // Not left 'Saving...' to be sent whenever the connection comes back.
  await expect(dialog.getByRole('button', { name: 'Save Session' })).toBeEnabled();
  await expect(dialog.getByLabel('Session Name')).toHaveValue('Offline at the open');

  await context.setOffline(false);
  await expect.poll(() => storedSessionNames(page)).toEqual([]);
  await dialog.getByRole('button', { name: 'Save Session' }).click();
  await expectToast(page, 'Success', 'Trading session has been created');
  expect(await storedSessionNames(page)).toEqual(['Offline at the open']);
});

test('a save whose answer was lost, pressed again after a change, records the session once, as it is now', async ({
  page,
}) => {
  await logInWithRules(page);
  const dialog = await openNewSessionDialog(page);
  await dialog.getByLabel('Session Name').fill('Saved as the answer was lost');
  await chooseSessionType(dialog, 'Tokyo (00:00-09:00)');

  // The first save reaches the server and is stored; its answer never comes back.
  let firstTry: number | undefined;
  await page.route('**/api/sessions', async (route) => {
    if (!isSessionCreation(route.request()) || firstTry !== undefined) return route.continue();
    firstTry = (await route.fetch()).status();
    return route.abort('connectionreset');
  });
  await dialog.getByRole('button', { name: 'Save Session' }).click();
  await expectToast(page, 'Error', 'Failed to create trading session');
  expect(firstTry).toBe(201);

  await dialog.getByLabel('Session Name').fill('Saved again, renamed');
  const secondTry = page.waitForResponse((response) => isSessionCreation(response.request()));
  await dialog.getByRole('button', { name: 'Save Session' }).click();
  // The session the first try stored, written again: not a second one.
  expect((await secondTry).status()).toBe(200);
  await expectToast(page, 'Success', 'Trading session has been created');
  await expect(dialog).toBeHidden();
  expect(await storedSessionNames(page)).toEqual(['Saved again, renamed']);

  // A dialog opened again is another session.
  const next = await openNewSessionDialog(page);
  await next.getByLabel('Session Name').fill('The next one');
  await chooseSessionType(next, 'Tokyo (00:00-09:00)');
  await next.getByRole('button', { name: 'Save Session' }).click();
  await expect(next).toBeHidden();
  expect(await storedSessionNames(page)).toEqual(['The next one', 'Saved again, renamed']);
});

for (const timezoneId of ['Pacific/Kiritimati', 'Pacific/Pago_Pago']) {
  test.describe(`in the time zone ${timezoneId}`, () => {
    test.use({ timezoneId });

    test('a session shows the day the trader picked, and the dialog starts on the local today', async ({
      page,
    }) => {
      await logInWithRules(page);
      const dialog = await openNewSessionDialog(page);
      const date = dialog.getByLabel('Date');
      await expect(date).toHaveValue(await localToday(page));

      await dialog.getByLabel('Session Name').fill('Pi day');
      await date.fill('2026-03-14');
      await chooseSessionType(dialog, 'New York (13:00-22:00)');
      await dialog.getByRole('button', { name: 'Save Session' }).click();
      await expectToast(page, 'Success', 'Trading session has been created');

      const row = page.getByRole('region', { name: 'Recent Sessions' }).getByRole('listitem');
      await expect(row).toHaveCount(1);
      await expect(row).toContainText('Pi day');
      await expect(row).toContainText('Mar 14, 2026');
    });
  });
}

test('the dialog and a dashboard with sessions have no serious accessibility violations', async ({
  page,
}) => {
  await logInAsNewTrader(page);
  await createRules(page, RULES);
  for (const [index, name] of ['Asia drift', 'London breakout', 'NY reversal'].entries()) {
    await createSession(page, {
      name,
      date: `2026-03-1${index}`,
      sessionType: 'London',
      rulesFollowed: await checklist(page, index + 1),
      withScreenshot: index > 0,
    });
  }
  await page.goto('/');
  const recentSessions = page.getByRole('region', { name: 'Recent Sessions' });
  await expect(recentSessions.getByRole('listitem')).toHaveCount(3);
  // Newest first: 100%, 67%, 33%, each in its band.
  await expect(recentSessions.getByRole('listitem').first()).toContainText('NY reversal');
  await expect(recentSessions.getByRole('listitem').first()).toContainText('100%');
  await expect(
    page.getByRole('region', { name: 'Recent Screenshots' }).getByRole('img'),
  ).toHaveCount(2);
  await expectNoSeriousViolations(page);

  const dialog = await openNewSessionDialog(page);
  await dialog.getByRole('checkbox', { name: 'Respect the stop loss' }).check();
  await dropFile(dialog.getByText('Drag an image here or paste it'), await makePngFile(page));
  await expect(dialog.getByRole('img', { name: 'Screenshot preview' })).toBeVisible();
  await dialog.getByRole('button', { name: 'Save Session' }).click();
  await expect(dialog.getByText('Session name is required')).toBeVisible();
  await expectNoSeriousViolations(page);
});

test('the whole dialog can be filled in and saved with the keyboard', async ({ page }) => {
  await logInWithRules(page);
  const newSession = page.getByRole('button', { name: 'New Session' });
  await newSession.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'New Trading Session' });

  const name = dialog.getByLabel('Session Name');
  await expect(name).toBeFocused();
  await page.keyboard.type('Keyboard session');

  await page.keyboard.press('Tab');
  await expect(dialog.getByLabel('Date')).toBeFocused();
  // Chromium's date field takes the digits of month, day and year in turn.
  await page.keyboard.type('03142026');
  await expect(dialog.getByLabel('Date')).toHaveValue('2026-03-14');

  const sessionType = dialog.getByRole('combobox', { name: 'Session Type' });
  await tabTo(page, sessionType);
  // As on any closed select: typing the start of a name picks it at once.
  await page.keyboard.type('London');
  await expect(chosenOption(sessionType)).toHaveText('London (08:00-17:00)');
  await expect(sessionType).toBeFocused();

  const first = dialog.getByRole('checkbox', { name: 'Trade only my setups' });
  await page.keyboard.press('Tab');
  await expect(first).toBeFocused();
  await page.keyboard.press('Space');
  // Enter neither unticks the rule nor saves the session half filled in, as the browser's own
  // checkbox would: the steps below find the dialog still open.
  await page.keyboard.press('Enter');
  await expect(first).toBeChecked();
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  await expect(dialog.getByRole('checkbox', { name: 'No revenge trades' })).toBeFocused();
  await page.keyboard.press('Space');
  await page.keyboard.press('Tab');
  await expect(dialog.getByLabel('Result (R)')).toBeFocused();
  await page.keyboard.type('1.5');
  await page.keyboard.press('Tab');
  await expect(dialog.getByLabel('Result (USD)')).toBeFocused();
  await page.keyboard.type('-20');
  await page.keyboard.press('Tab');
  await expect(dialog.getByLabel('Notes')).toBeFocused();
  await page.keyboard.type('Typed without a mouse.');

  await tabTo(page, dialog.getByRole('button', { name: 'Save Session' }));
  await page.keyboard.press('Enter');
  await expectToast(page, 'Success', 'Trading session has been created');
  await expect(dialog).toBeHidden();
  await expect(newSession).toBeFocused();

  const row = page.getByRole('region', { name: 'Recent Sessions' }).getByRole('listitem');
  await expect(row).toContainText('Keyboard session');
  await expect(row).toContainText('Mar 14, 2026');
  await expect(row).toContainText('67%');
  const { sessions } = (await (await page.request.get('/api/sessions')).json()) as {
    sessions: { resultR: number | null; resultMoney: number | null }[];
  };
  expect(sessions[0]).toMatchObject({ resultR: 1.5, resultMoney: -20 });
});

test('each field the keyboard reaches in the dialog shows clear of its Save and Cancel bar', async ({
  page,
}) => {
  // A laptop's window: the dialog scrolls, its buttons held at its foot.
  await page.setViewportSize({ width: 1366, height: 640 });
  await logInWithRules(page);
  await page.getByRole('button', { name: 'New Session' }).click();
  const dialog = page.getByRole('dialog', { name: 'New Trading Session' });
  await expect(dialog.getByLabel('Session Name')).toBeFocused();
  const save = dialog.getByRole('button', { name: 'Save Session' });
  const bar = save.locator('xpath=..');
  expect(await dialog.evaluate((box) => box.scrollHeight > box.clientHeight)).toBe(true);

  const hidden: string[] = [];
  for (let step = 0; step < 30; step += 1) {
    await page.keyboard.press('Tab');
    if (await save.evaluate((button) => button === document.activeElement)) break;
    const overlap = await bar.evaluate((footer) => {
      const focused = document.activeElement as HTMLElement;
      if (footer.contains(focused)) return null;
      const field = focused.getBoundingClientRect();
      const buttons = footer.getBoundingClientRect();
      return field.bottom > buttons.top + 1
        ? `${focused.tagName} ${focused.id}: ${Math.round(field.bottom - buttons.top)} px under`
        : null;
    });
    if (overlap) hidden.push(overlap);
  }
  expect(hidden).toEqual([]);
  await expect(save).toBeFocused();
});

test('the checklist follows rules changed on another device: read again as the dialog opens, and after a refusal', async ({
  page,
}) => {
  await logInNewTraderThroughApi(page.request);
  await createRules(page, [{ description: 'First rule' }]);
  await page.goto('/');
  let dialog = await openNewSessionDialog(page);
  await expect(dialog.getByRole('checkbox', { name: 'First rule' })).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();

  // Added elsewhere: the next dialog lists it.
  await createRules(page, [{ description: 'Added elsewhere' }]);
  dialog = await openNewSessionDialog(page);
  await expect(dialog.getByRole('checkbox', { name: 'Added elsewhere' })).toBeVisible();

  // Deleted elsewhere while the dialog is open: the save is refused, the checklist read again.
  const rules = (await (await page.request.get('/api/rules')).json()) as {
    rules: { id: number; description: string }[];
  };
  const added = rules.rules.find((rule) => rule.description === 'Added elsewhere');
  expect((await page.request.delete(`/api/rules/${added?.id}`)).status()).toBe(200);
  await dialog.getByLabel('Session Name').fill('Checklist changed');
  await chooseSessionType(dialog, 'London (08:00-17:00)');
  await dialog.getByRole('checkbox', { name: 'Added elsewhere' }).check();
  await dialog.getByRole('button', { name: 'Save Session' }).click();
  await expect(dialog.getByText('Each rule must be one of your trading rules')).toBeVisible();
  await expect(dialog.getByRole('checkbox', { name: 'Added elsewhere' })).toHaveCount(0);
  await dialog.getByRole('checkbox', { name: 'First rule' }).check();

  // Added elsewhere while the dialog is open: the save is refused rather than rated without
  // it, and the checklist read again lists it, unticked. Save waits for the new list.
  await createRules(page, [{ description: 'Added meanwhile' }]);
  const releaseRules = await holdRequests(page, '**/api/rules', 'GET');
  const readAgain = page.waitForRequest(
    (request) => request.url().endsWith('/api/rules') && request.method() === 'GET',
  );
  await dialog.getByRole('button', { name: 'Save Session' }).click();
  await readAgain;
  await expect(dialog.getByRole('button', { name: 'Saving...' })).toBeDisabled();
  releaseRules();
  await expect(
    dialog.getByText('The checklist must list each of your trading rules'),
  ).toBeVisible();
  const addedMeanwhile = dialog.getByRole('checkbox', { name: 'Added meanwhile' });
  await expect(addedMeanwhile).not.toBeChecked();
  await expect(dialog.getByRole('checkbox', { name: 'First rule' })).toBeChecked();
  await dialog.getByRole('button', { name: 'Save Session' }).click();
  await expectToast(page, 'Success', 'Trading session has been created');
  const { sessions } = (await (await page.request.get('/api/sessions')).json()) as {
    sessions: { name: string; complianceRating: number }[];
  };
  expect(sessions).toMatchObject([{ name: 'Checklist changed', complianceRating: 50 }]);
});
