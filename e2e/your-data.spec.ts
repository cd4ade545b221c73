import { writeFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { createSession, getRules } from './session-support.ts';
import {
  createRules,
  expectNoSeriousViolations,
  expectToast,
  logInAsNewTrader,
  logInNewTraderThroughApi,
} from './support.ts';
import { download, downloadedText, importThroughCard, openYourData } from './your-data-support.ts';

test('a trader exports everything, and another account imports it back whole', async ({
  browser,
}, info) => {
  // Two traders, each in a browser of their own, and two imports: more than the default time.
  test.slow();
  const first = await browser.newContext();
  const page = await first.newPage();
  await logInAsNewTrader(page);
  await createRules(page, [
    { description: 'Follow stop loss', notes: 'No exceptions' },
    { description: 'No revenge trades' },
  ]);
  const rules = await getRules(page);
  await createSession(page, {
    name: 'London breakout',
    date: '2026-03-14',
    sessionType: 'London',
    rulesFollowed: rules.map((rule, index) => ({ ruleId: rule.id, followed: index === 0 })),
    withScreenshot: true,
  });

  const card = await openYourData(page);
  await expect(card.getByRole('link', { name: 'Export' })).toBeVisible();
  await expect(card.getByRole('link', { name: 'Download CSV' })).toBeVisible();
  await expect(card.getByRole('button', { name: 'Import' })).toBeVisible();
  await expectNoSeriousViolations(page);

  const exported = await download(page, 'Export', info.outputDir);
  expect(exported.file.suggestedFilename()).toMatch(/^rulekeeper-export-\d{4}-\d{2}-\d{2}\.zip$/);

  // A second trader, in a browser of their own, takes the file in.
  const second = await browser.newContext();
  const other = await second.newPage();
  await logInAsNewTrader(other);
  await openYourData(other);
  const dialog = await importThroughCard(other, exported.path);
  await expect(dialog).toContainText(exported.file.suggestedFilename());
  await expect(dialog).toContainText('nothing is deleted');
  await expectNoSeriousViolations(other);
  await dialog.getByRole('button', { name: 'Import' }).click();
  await expectToast(other, 'Import Complete', '2 rules and 1 session added, 0 skipped');
  await expect(dialog).toBeHidden();

  await other.goto('/rules');
  await expect(other.getByText('Follow stop loss', { exact: true })).toBeVisible();
  await expect(other.getByText('No revenge trades', { exact: true })).toBeVisible();

  await other.goto('/history');
  const row = other.getByRole('row').filter({ hasText: 'London breakout' });
  await expect(row).toContainText('50%');
  await row.getByRole('button', { name: 'View screenshot of London breakout' }).click();
  const image = other
    .getByRole('dialog', { name: 'Session Screenshot' })
    .getByRole('img', { name: 'London breakout' });
  await expect
    .poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth))
    .toBeGreaterThan(0);

  // The same file again adds nothing.
  await openYourData(other);
  await (
    await importThroughCard(other, exported.path)
  )
    .getByRole('button', { name: 'Import' })
    .click();
  await expectToast(other, 'Import Complete', '0 rules and 0 sessions added, 1 skipped');

  await first.close();
  await second.close();
});

test("an export from a tab whose login another tab replaced is refused, never the other trader's file", async ({
  page,
}) => {
  await logInAsNewTrader(page);
  const card = await openYourData(page);
  // Another tab of this browser logs in as someone else: the browser's cookie is theirs now.
  const other = await logInNewTraderThroughApi(page.request);
  await createRules(page, [{ description: `A rule of ${other.username}` }]);

  const [file] = await Promise.all([
    page.waitForEvent('download'),
    card.getByRole('link', { name: 'Download CSV' }).click(),
  ]);
  // The server refuses it (401), and the browser keeps no file: not the other trader's CSV.
  expect(await file.failure()).not.toBeNull();
});

test('the CSV download starts with its header row', async ({ page }, info) => {
  await logInAsNewTrader(page);
  await createSession(page, { name: 'Tokyo open', date: '2026-03-10' });
  await openYourData(page);
  const csv = await download(page, 'Download CSV', info.outputDir);
  expect(csv.file.suggestedFilename()).toMatch(/^rulekeeper-sessions-\d{4}-\d{2}-\d{2}\.csv$/);
  const lines = (await downloadedText(csv.path)).replace(/^\uFEFF/, '').split('\r\n');
  expect(lines[0]).toBe(
    'Date,Name,Session Type,Compliance (%),Rules Followed,Rules Total,Followed Rules,Broken Rules,Notes,Result,Result (R)',
  );
  expect(lines[1]).toMatch(/^2026-03-10,Tokyo open,/);
});

test('a file that is not an export is refused with the server’s words', async ({ page }, info) => {
  await logInAsNewTrader(page);
  const path = info.outputPath('not-an-export.json');
  await writeFile(path, JSON.stringify({ hello: 'world' }));
  await openYourData(page);
  await (await importThroughCard(page, path)).getByRole('button', { name: 'Import' }).click();
  await expectToast(page, 'Validation Error', 'This is not a Rulekeeper export file');
});
