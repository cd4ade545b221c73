import { expect, test, type Page } from '@playwright/test';
import {
  chooseSessionType,
  createSession,
  expectImageLoaded,
  makePngFile,
  localToday,
  openNewSessionDialog,
  pasteFile,
} from './session-support.ts';
import { createRules, expectToast, logInNewTraderThroughApi, pressEscape } from './support.ts';

const RULES = [
  'Follow stop loss on every trade',
  'Wait for the candle to close',
  'No revenge trades',
];

/** What each screen that shows the session says its rating is. */
async function expectRatingEverywhere(page: Page, name: string, rating: string, label: string) {
  await expect(page.getByRole('heading', { name: 'Session Details', level: 1 })).toBeVisible();
  const information = page.getByRole('region', { name: 'Session Information', exact: true });
  await expect(information).toContainText(rating);
  await expect(information.getByText(label, { exact: true })).toBeVisible();

  await page.getByRole('link', { name: 'Back to History' }).click();
  const row = page
    .getByRole('table', { name: 'Trading Sessions' })
    .getByRole('row')
    .filter({ has: page.getByRole('rowheader', { name }) });
  await expect(row).toContainText(rating);

  await page.getByRole('link', { name: 'Dashboard' }).click();
  const recent = page.getByRole('region', { name: 'Recent Sessions' }).getByRole('listitem');
  await expect(recent).toHaveCount(1);
  await expect(recent).toContainText(rating);
  return row;
}

test('a trader records a session with a pasted chart, reviews it everywhere, and corrects it', async ({
  page,
}) => {
  await logInNewTraderThroughApi(page.request);
  await createRules(
    page,
    RULES.map((description) => ({ description })),
  );
  await page.goto('/');

  // Record: two of three rules followed, a chart pasted from the clipboard.
  const dialog = await openNewSessionDialog(page);
  await dialog.getByLabel('Session Name').fill('London open');
  await dialog.getByLabel('Date').fill('2026-03-14');
  await chooseSessionType(dialog, 'London (08:00-17:00)');
  await dialog.getByRole('checkbox', { name: RULES[0] }).check();
  await dialog.getByRole('checkbox', { name: RULES[1] }).check();
  await pasteFile(dialog, await makePngFile(page));
  await expectImageLoaded(dialog.getByRole('img', { name: 'Screenshot preview' }));
  await dialog.getByRole('button', { name: 'Save Session' }).click();
  await expectToast(page, 'Success', 'Trading session has been created');
  await expect(dialog).toBeHidden();

  // 67% on the dashboard, in the history and on the details page.
  const recent = page.getByRole('region', { name: 'Recent Sessions' });
  await expect(recent).toContainText('67%');
  await recent.getByRole('link', { name: 'London open' }).click();
  await expect(page).toHaveURL(/\/history\/\d+$/);
  const detailsUrl = page.url();
  await expectRatingEverywhere(page, 'London open', '67%', 'Fair');

  // The screenshot, full size, from the history.
  await page.getByRole('link', { name: 'Session History' }).click();
  await page.getByRole('button', { name: 'View screenshot of London open' }).click();
  const viewer = page.getByRole('dialog', { name: 'Session Screenshot' });
  await expectImageLoaded(viewer.getByRole('img', { name: 'London open' }));
  await pressEscape(page);
  await expect(viewer).toBeHidden();

  // Correct it: the third rule was followed after all.
  await page.goto(detailsUrl);
  await page.getByRole('button', { name: 'Edit', exact: true }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Trading Session' });
  await expect(edit.getByLabel('Session Name')).toHaveValue('London open');
  await expect(edit.getByRole('checkbox', { name: RULES[2] })).not.toBeChecked();
  await edit.getByRole('checkbox', { name: RULES[2] }).check();
  await edit.getByRole('button', { name: 'Save Session' }).click();
  await expectToast(page, 'Success', 'Trading session has been updated');
  await expect(edit).toBeHidden();
  await expectRatingEverywhere(page, 'London open', '100%', 'Excellent');

  // The screenshot was kept through the edit.
  await expect(
    page.getByRole('region', { name: 'Recent Screenshots' }).getByRole('img'),
  ).toHaveCount(1);
});

test("the dashboard's screenshot tiles keep their date and rating on one line, however small", async ({
  page,
}) => {
  await logInNewTraderThroughApi(page.request);
  const today = await localToday(page);
  for (const name of ['Asia', 'London', 'New York']) {
    await createSession(page, { name, date: today, withScreenshot: true });
  }
  // Wide enough for the dashboard's three columns: the screenshots' is narrow.
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/');
  const tiles = page
    .getByRole('region', { name: 'Recent Screenshots' })
    .getByRole('listitem')
    .getByRole('link');
  await expect(tiles).toHaveCount(3);
  for (const tile of await tiles.all()) {
    const strip = tile.locator('time').locator('..');
    await expect(strip).toContainText('%');
    // One line of small text (24 px); two (40 px) covered half of a small tile's image.
    expect((await strip.boundingBox())!.height).toBeLessThanOrEqual(28);
  }
});
