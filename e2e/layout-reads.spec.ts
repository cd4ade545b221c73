import { expect, test, type Page } from '@playwright/test';
import { openNewSessionDialog } from './session-support.ts';
import {
  afterTwoFrames,
  createRules,
  logInNewTraderThroughApi,
  pressEscape,
  waitForAnimationsToEnd,
} from './support.ts';

/**
 * Reading an element's size or computed style while a render is changing the page makes the
 * browser lay the page out there and then, inside the script's task, instead of once when the
 * frame is drawn. Radix's checkbox and switch did so for each control as it mounted (they size
 * a hidden input to mirror themselves), and its tick read its computed style: on a phone the
 * login page's one checkbox cost a layout of the whole page in its first render, and each
 * rule of the new-session dialog two more. The app's checkboxes and switches are the browser's
 * own now (docs/decisions/0047-native-checkboxes.md); these tests count the reads the page's
 * scripts make, so that a control which measures itself again shows up here. They count calls,
 * not time, so they do not depend on the machine.
 */
async function countLayoutReads(page: Page) {
  await page.addInitScript(() => {
    const reads: string[] = [];
    (window as unknown as { layoutReads: string[] }).layoutReads = reads;
    const windowRead = window.getComputedStyle;
    window.getComputedStyle = function (...args) {
      reads.push('getComputedStyle');
      return windowRead.apply(this, args);
    };
    for (const name of ['getBoundingClientRect', 'getClientRects'] as const) {
      const original = Element.prototype[name] as () => unknown;
      Object.defineProperty(Element.prototype, name, {
        configurable: true,
        writable: true,
        value(this: Element) {
          reads.push(name);
          return original.call(this);
        },
      });
    }
    const sizes = [
      [HTMLElement.prototype, ['offsetWidth', 'offsetHeight', 'offsetTop', 'offsetLeft']],
      [Element.prototype, ['clientWidth', 'clientHeight', 'scrollWidth', 'scrollHeight']],
    ] as const;
    for (const [prototype, names] of sizes) {
      for (const name of names) {
        const descriptor = Object.getOwnPropertyDescriptor(prototype, name)!;
        Object.defineProperty(prototype, name, {
          ...descriptor,
          get(this: Element) {
            reads.push(name);
            return descriptor.get!.call(this);
          },
        });
      }
    }
  });
}

/** The reads counted since the page began loading, or since the last call. */
async function takeLayoutReads(page: Page) {
  return page.evaluate(() => {
    const reads = (window as unknown as { layoutReads: string[] }).layoutReads;
    return reads.splice(0, reads.length);
  });
}

test('the login page and the settings screen read no element’s size while they load', async ({
  page,
}) => {
  await countLayoutReads(page);
  await page.goto('/login');
  await expect(page.getByRole('checkbox', { name: 'Remember me' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(await takeLayoutReads(page), 'the login page').toEqual([]);

  await logInNewTraderThroughApi(page.request);
  await page.goto('/settings');
  await expect(page.getByRole('button', { name: 'Delete my account' })).toBeVisible();
  await expect(page.getByRole('switch', { name: 'Weekly Reports' })).toBeChecked();
  await page.waitForLoadState('networkidle');
  // Radix's Presence still reads a computed style, for its parts' animations: not a size.
  const sizeReads = (await takeLayoutReads(page)).filter((read) => read !== 'getComputedStyle');
  expect(sizeReads, 'the settings screen').toEqual([]);
});

test('the new-session dialog reads as much layout with six rules as with one', async ({ page }) => {
  await logInNewTraderThroughApi(page.request);
  await countLayoutReads(page);
  const readsOpeningTheDialog = async (ruleCount: number) => {
    await page.goto('/');
    const dialog = await openNewSessionDialog(page);
    await expect(dialog.getByRole('checkbox')).toHaveCount(ruleCount);
    await pressEscape(page);
    await expect(dialog).toBeHidden();
    // The keyboard's focus, back on the page's button, is checked against the bars at the top
    // a frame later (focus-clear-of-sticky-top.ts): those reads are the closing's, not the
    // second opening's. On a slow host they landed after the discard below, once.
    await afterTwoFrames(page);

    // Opened a second time, with the dialog's code loaded and its data cached: the dialog's
    // own work only.
    await takeLayoutReads(page);
    await openNewSessionDialog(page);
    await expect(dialog.getByRole('checkbox')).toHaveCount(ruleCount);
    await waitForAnimationsToEnd(page);
    return takeLayoutReads(page);
  };

  await createRules(page, [{ description: 'Wait for the setup' }]);
  const withOne = await readsOpeningTheDialog(1);
  await createRules(page, [
    { description: 'Risk one percent' },
    { description: 'No revenge trades' },
    { description: 'Stop after two losses' },
    { description: 'Log every trade' },
    { description: 'Respect the news calendar' },
  ]);
  const withSix = await readsOpeningTheDialog(6);
  expect(withSix).toEqual(withOne);
});
