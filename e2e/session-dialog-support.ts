import { expect, type JSHandle, type Locator, type Page } from '@playwright/test';

/** A 1 × 1 PNG, valid bytes the server can decode: for sessions created through the API. */
export const TINY_PNG_DATA_URL =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';

/** Opens the New Trading Session dialog from the page's 'New Session' button. */
export async function openNewSessionDialog(page: Page) {
  await page.getByRole('button', { name: 'New Session' }).click();
  const dialog = page.getByRole('dialog', { name: 'New Trading Session' });
  await expect(dialog).toBeVisible();
  return dialog;
}

/** Chooses a session type in the dialog's select with the pointer. */
export async function chooseSessionType(dialog: Locator, label: string) {
  await dialog.getByRole('combobox', { name: 'Session Type' }).click();
  await dialog.page().getByRole('option', { name: label }).click();
  await expect(dialog.getByRole('combobox', { name: 'Session Type' })).toHaveText(label);
}

/** A real PNG file made in the page, as a trader's chart screenshot would be: drawn on a canvas. */
export function makePngFile(page: Page, name = 'chart.png'): Promise<JSHandle<File>> {
  return page.evaluateHandle(async (fileName) => {
    const canvas = document.createElement('canvas');
    canvas.width = 120;
    canvas.height = 80;
    const context = canvas.getContext('2d');
    if (!context) throw new Error('No 2D canvas');
    context.fillStyle = '#0f172a';
    context.fillRect(0, 0, 120, 80);
    context.strokeStyle = '#22c55e';
    context.lineWidth = 3;
    context.beginPath();
    context.moveTo(0, 70);
    context.lineTo(40, 40);
    context.lineTo(70, 55);
    context.lineTo(120, 10);
    context.stroke();
    const blob = await new Promise<Blob>((resolve, reject) =>
      canvas.toBlob((b) => (b ? resolve(b) : reject(new Error('No PNG'))), 'image/png'),
    );
    return new File([blob], fileName, { type: 'image/png' });
  }, name);
}

/** Pastes the file on `target` as the clipboard would: a `paste` event carrying it. */
export async function pasteFile(target: Locator, file: JSHandle<File>) {
  await target.evaluate((element, pasted) => {
    const clipboardData = new DataTransfer();
    clipboardData.items.add(pasted);
    element.dispatchEvent(
      new ClipboardEvent('paste', { clipboardData, bubbles: true, cancelable: true }),
    );
  }, file);
}

/** Drags the file onto `target` and drops it there, as from the desktop. */
export async function dropFile(target: Locator, file: JSHandle<File>) {
  const dataTransfer = await target.page().evaluateHandle((dropped) => {
    const transfer = new DataTransfer();
    transfer.items.add(dropped);
    return transfer;
  }, file);
  for (const type of ['dragenter', 'dragover', 'drop']) {
    await target.dispatchEvent(type, { dataTransfer });
  }
}

/** Expects the image to have loaded real pixels (a broken image has a natural width of 0). */
export async function expectImageLoaded(image: Locator) {
  await image.scrollIntoViewIfNeeded();
  await expect
    .poll(() => image.evaluate((img: HTMLImageElement) => (img.complete ? img.naturalWidth : 0)))
    .toBeGreaterThan(0);
}

/** Presses Tab until `target` has the focus; fails after `max` presses. */
export async function tabTo(page: Page, target: Locator, max = 12) {
  for (let presses = 0; presses < max; presses++) {
    if (await target.evaluate((element) => element === document.activeElement)) return;
    await page.keyboard.press('Tab');
  }
  await expect(target).toBeFocused();
}

/** The rules of the logged-in trader, as the API lists them. */
export async function getRuleIds(page: Page): Promise<number[]> {
  const response = await page.request.get('/api/rules');
  expect(response.status()).toBe(200);
  const { rules } = (await response.json()) as { rules: { id: number }[] };
  return rules.map((rule) => rule.id);
}

/** The id of a session type, by name, as the API lists them. */
export async function getSessionTypeId(page: Page, name: string): Promise<number> {
  const response = await page.request.get('/api/session-types');
  const { sessionTypes } = (await response.json()) as {
    sessionTypes: { id: number; name: string }[];
  };
  const type = sessionTypes.find((candidate) => candidate.name === name);
  if (!type) throw new Error(`No session type ${name}`);
  return type.id;
}

/** Records a session through the API as the logged-in trader of `page`. */
export async function createSessionViaApi(
  page: Page,
  session: {
    name: string;
    date: string;
    sessionTypeId: number;
    rulesFollowed: { ruleId: number; followed: boolean }[];
    screenshotData?: string;
  },
) {
  const response = await page.request.post('/api/sessions', {
    data: { notes: null, ...session },
  });
  expect(response.status(), await response.text()).toBe(201);
}

/** Today in the page's own time zone, as `YYYY-MM-DD`: the local parts of `new Date()`. */
export function localToday(page: Page): Promise<string> {
  return page.evaluate(() => {
    const now = new Date();
    const pad = (value: number) => String(value).padStart(2, '0');
    return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
  });
}
