import { expect, type Download, type Page } from '@playwright/test';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';

/** Opens Settings and answers the 'Your Data' card. */
export async function openYourData(page: Page) {
  await page.goto('/settings');
  await expect(page.getByRole('heading', { name: 'Settings', level: 1 })).toBeVisible();
  const card = page.getByRole('region', { name: 'Your Data' });
  await expect(card).toBeVisible();
  return card;
}

/**
 * Clicks a download link of the card and keeps the file under the name the server gave it,
 * in `folder` (the test's output folder), as a browser's download folder would.
 */
export async function download(
  page: Page,
  name: string,
  folder: string,
): Promise<{ file: Download; path: string }> {
  const card = page.getByRole('region', { name: 'Your Data' });
  const [file] = await Promise.all([
    page.waitForEvent('download'),
    card.getByRole('link', { name }).click(),
  ]);
  const path = join(folder, file.suggestedFilename());
  await file.saveAs(path);
  return { file, path };
}

/** The text of a downloaded file. */
export async function downloadedText(path: string) {
  return (await readFile(path)).toString('utf8');
}

/**
 * Imports a file through the card as a trader does: Import opens the file picker, the
 * confirmation names the file, and Import there sends it.
 */
export async function importThroughCard(page: Page, path: string) {
  const card = page.getByRole('region', { name: 'Your Data' });
  const [chooser] = await Promise.all([
    page.waitForEvent('filechooser'),
    card.getByRole('button', { name: 'Import' }).click(),
  ]);
  await chooser.setFiles(path);
  const dialog = page.getByRole('alertdialog', { name: 'Import this file?' });
  await expect(dialog).toBeVisible();
  return dialog;
}
