import {
  expect,
  request,
  type APIRequestContext,
  type JSHandle,
  type Locator,
  type Page,
} from '@playwright/test';
import { chosenOption, logInNewTraderThroughApi } from './support.ts';

/** A valid 8 × 6 PNG: small enough to inline, real enough for the server to re-encode. */
export const TINY_PNG_DATA_URL =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAgAAAAGCAIAAABxZ0isAAAAG0lEQVR4nGP4X6EBR3JIiIEciRNwJIeESJcAAFTjR7lMBSxoAAAAAElFTkSuQmCC';

/** A session as the API answers it (the fields the tests read). */
export interface CreatedSession {
  id: number;
  name: string;
  date: string;
  sessionTypeId: number | null;
  complianceRating: number;
  screenshotPath: string | null;
  notes: string | null;
  rulesFollowed: { ruleId: number; description: string; followed: boolean }[];
  version: number;
}

export interface SessionSeed {
  name: string;
  /** `YYYY-MM-DD`. */
  date: string;
  /** The session type by name ('London'); the first type when left out. */
  sessionType?: string;
  /**
   * Checklist items, in order; a rule's id with whether it was followed. Every rule of the
   * trader's when given (the server refuses a checklist that leaves one out); when left out,
   * every rule, none followed, as the dialog sends it unticked.
   */
  rulesFollowed?: { ruleId: number; followed: boolean }[];
  notes?: string | null;
  withScreenshot?: boolean;
}

/** The request context of a page (its cookies) or one of its own (another trader's login). */
type Requester = Page | APIRequestContext;

function requestOf(requester: Requester): APIRequestContext {
  return 'request' in requester ? requester.request : requester;
}

/** The seeded session types, by name. */
export async function getSessionTypes(requester: Requester) {
  const response = await requestOf(requester).get('/api/session-types');
  expect(response.status(), await response.text()).toBe(200);
  const { sessionTypes } = (await response.json()) as {
    sessionTypes: { id: number; name: string; startTime: string; endTime: string }[];
  };
  return sessionTypes;
}

/** The logged-in trader's rules, in order. */
export async function getRules(requester: Requester) {
  const response = await requestOf(requester).get('/api/rules');
  expect(response.status(), await response.text()).toBe(200);
  const { rules } = (await response.json()) as { rules: { id: number; description: string }[] };
  return rules;
}

/** Records a session through the API as the trader logged in on `requester`. */
export async function createSession(requester: Requester, seed: SessionSeed) {
  const types = await getSessionTypes(requester);
  const type = seed.sessionType ? types.find((t) => t.name === seed.sessionType) : types[0];
  expect(type, `session type ${seed.sessionType ?? '(first)'}`).toBeDefined();
  const response = await requestOf(requester).post('/api/sessions', {
    data: {
      name: seed.name,
      date: seed.date,
      sessionTypeId: type?.id,
      rulesFollowed: seed.rulesFollowed ?? (await checklist(requester, 0)),
      notes: seed.notes ?? null,
      ...(seed.withScreenshot ? { screenshotData: TINY_PNG_DATA_URL } : {}),
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  const { session } = (await response.json()) as { session: CreatedSession };
  return session;
}

/** The whole checklist of the trader's rules: the first `followed` of them followed. */
export async function checklist(requester: Requester, followed: number) {
  const rules = await getRules(requester);
  return rules.map((rule, index) => ({ ruleId: rule.id, followed: index < followed }));
}

/**
 * A second trader, logged in on a request context of their own (dispose it when done): for
 * data the trader under test must not see.
 */
export async function logInOtherTrader(baseURL: string | undefined) {
  const context = await request.newContext({ baseURL });
  await logInNewTraderThroughApi(context);
  return context;
}

/** Opens the New Trading Session dialog from the page's 'New Session' button. */
export async function openNewSessionDialog(page: Page) {
  await page.getByRole('button', { name: 'New Session' }).click();
  const dialog = page.getByRole('dialog', { name: 'New Trading Session' });
  await expect(dialog).toBeVisible();
  return dialog;
}

/** Chooses a session type in the dialog's select. */
export async function chooseSessionType(dialog: Locator, label: string) {
  const select = dialog.getByRole('combobox', { name: 'Session Type' });
  await select.selectOption({ label });
  await expect(chosenOption(select)).toHaveText(label);
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

/**
 * Pastes the file on `target` as the clipboard would: a `paste` event carrying it, and the
 * `texts` beside it by type (an Office app's copy carries plain text, HTML and a picture of
 * them; a file manager's, the file's name as plain text). Answers whether the page took the
 * paste for itself (cancelled it), so that the browser would insert nothing.
 */
export async function pasteFile(
  target: Locator,
  file: JSHandle<File>,
  texts: Record<string, string> = {},
) {
  return target.evaluate(
    (element, [pasted, pastedTexts]) => {
      const clipboardData = new DataTransfer();
      clipboardData.items.add(pasted);
      for (const [type, text] of Object.entries(pastedTexts)) clipboardData.setData(type, text);
      return !element.dispatchEvent(
        new ClipboardEvent('paste', { clipboardData, bubbles: true, cancelable: true }),
      );
    },
    [file, texts] as const,
  );
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

/** Today in the page's own time zone, as `YYYY-MM-DD`: the local parts of `new Date()`. */
export function localToday(page: Page): Promise<string> {
  return page.evaluate(() => {
    const now = new Date();
    const pad = (value: number) => String(value).padStart(2, '0');
    return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
  });
}
