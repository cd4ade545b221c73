import { expect, test, type Page } from '@playwright/test';
import { createSession, localToday } from './session-support.ts';
import { createRules, logInNewTraderThroughApi } from './support.ts';

/**
 * What a screen builds to show itself: every element and text node the page creates while it
 * loads, counted by wrapping the document's factory methods before any script runs, against the
 * nodes the settled screen holds. Work that never reaches the screen is CPU on every visit, and
 * on a phone it is seconds: the currency select once built 39,000 nodes, all of them in a
 * detached fragment, for a settings screen of about 550. A screen may build twice what it shows
 * (lists re-rendered as their data arrives, dialogs' portals), and a few hundred nodes besides.
 */
const ALLOWED = (shown: number) => 2 * shown + 300;

async function countBuiltNodes(page: Page) {
  await page.addInitScript(() => {
    const counted = window as unknown as { builtNodes: number };
    counted.builtNodes = 0;
    for (const name of ['createElement', 'createElementNS', 'createTextNode'] as const) {
      const original = Document.prototype[name] as (...args: unknown[]) => Node;
      Object.defineProperty(Document.prototype, name, {
        configurable: true,
        writable: true,
        value(this: Document, ...args: unknown[]) {
          counted.builtNodes += 1;
          return original.apply(this, args);
        },
      });
    }
  });
}

async function builtAndShown(page: Page) {
  await page.waitForLoadState('networkidle');
  return page.evaluate(() => {
    const walker = document.createTreeWalker(
      document.body,
      NodeFilter.SHOW_ELEMENT | NodeFilter.SHOW_TEXT,
    );
    let shown = 0;
    while (walker.nextNode()) shown += 1;
    return { built: (window as unknown as { builtNodes: number }).builtNodes, shown };
  });
}

test('every screen of a trader builds at most about twice the nodes it shows', async ({ page }) => {
  await logInNewTraderThroughApi(page.request);
  await createRules(page, [
    { description: 'Wait for the setup', notes: 'Only A+ setups' },
    { description: 'Risk one percent' },
  ]);
  const today = await localToday(page);
  const session = await createSession(page, { name: 'Morning range', date: today });
  await countBuiltNodes(page);

  const screens = [
    { path: '/', heading: /Trading Dashboard$/ },
    { path: '/rules', heading: 'Trading Rules' },
    { path: '/history', heading: 'Session History' },
    { path: `/history/${session.id}`, heading: 'Session Details' },
    { path: '/analytics', heading: 'Analytics' },
    { path: '/settings', heading: 'Settings' },
  ];
  const figures: string[] = [];
  for (const { path, heading } of screens) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    const { built, shown } = await builtAndShown(page);
    figures.push(`${path}: built ${built} nodes, shows ${shown} (allowed ${ALLOWED(shown)})`);
    expect
      .soft(built, `${path} built ${built} nodes to show ${shown}`)
      .toBeLessThanOrEqual(ALLOWED(shown));
  }
  console.log(figures.join('\n'));
});
