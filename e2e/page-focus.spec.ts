import { expect, test } from '@playwright/test';
import { createSession } from './session-support.ts';
import {
  afterTwoFrames,
  controlsCoveredWhileTabbing,
  createRules,
  logInAsNewTrader,
  pressEscape,
} from './support.ts';

/*
 * Where the keyboard is after a move to another page (docs/decisions/0068): at the new page's
 * content, whatever the move came from. The phone's drawer and the scroll are in
 * e2e/responsive.spec.ts, 'Discard' on the way to a link in e2e/unsaved-settings.spec.ts.
 */

test('a page opened from the account menu takes the keyboard at its content, not back at the menu', async ({
  page,
}) => {
  const account = await logInAsNewTrader(page);
  const menuButton = page.getByRole('button', { name: new RegExp(account.fullName) });
  await menuButton.click();
  await page.getByRole('menuitem', { name: 'Settings' }).click();
  await expect(page.getByRole('heading', { name: 'Settings', level: 1 })).toBeVisible();
  // After the menu's own return of focus, which runs once it has closed.
  await afterTwoFrames(page);
  await expect(page.getByRole('main')).toBeFocused();

  // Closed without leaving, the menu gives the keyboard back to its button.
  await menuButton.click();
  await expect(page.getByRole('menuitem', { name: 'Settings' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('menu')).toBeHidden();
  await afterTwoFrames(page);
  await expect(menuButton).toBeFocused();
});

test('a link followed with the keyboard leaves it at the new page’s content, from where Tab goes on', async ({
  page,
}) => {
  await logInAsNewTrader(page);
  const rulesLink = page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'Trading Rules' });
  await rulesLink.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'Trading Rules', level: 1 })).toBeVisible();
  await expect(page.getByRole('main')).toBeFocused();
  // The first control of the page's content, not the skip link at the top of the document.
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: 'Add New Rule' })).toBeFocused();
});

test('the account menu opened from the keyboard starts at its first item; each item it reaches is ringed, not only tinted', async ({
  page,
}) => {
  const account = await logInAsNewTrader(page);
  const menuButton = page.getByRole('button', { name: new RegExp(account.fullName) });
  const menu = page.getByRole('menu');
  // A click leaves focus on the menu itself, as Radix does for a pointer: no item looks chosen.
  await menuButton.click();
  await expect(menu).toBeFocused();
  await pressEscape(page);
  await expect(menuButton).toBeFocused();

  // Enter, Space and the Down arrow open it at its first item; the Down arrow then goes on.
  for (const key of ['Enter', ' ', 'ArrowDown']) {
    await page.keyboard.press(key);
    await expect(menu.getByRole('menuitem', { name: 'Settings' })).toBeFocused();
    await pressEscape(page);
    await expect(menuButton).toBeFocused();
  }
  // A tint alone is about 1.1:1 on the menu's background; the ring is the focus ring.
  await page.keyboard.press('Enter');
  for (const name of ['Settings', 'Logout']) {
    if (name !== 'Settings') await page.keyboard.press('ArrowDown');
    const item = menu.getByRole('menuitem', { name });
    await expect(item).toBeFocused();
    expect(await item.evaluate((element) => getComputedStyle(element).boxShadow)).not.toBe('none');
  }
});

test('a logged-out page reached by a link starts with focus at its content', async ({ page }) => {
  await page.goto('/login');
  const signUp = page.getByRole('link', { name: 'Sign up' });
  await signUp.focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/signup$/);
  await expect(page.getByRole('main')).toBeFocused();
  // Once the screen's code has come (focus moves as the path changes, before it may have).
  await expect(page.getByLabel('Username')).toBeVisible();
  await page.keyboard.press('Tab');
  await expect(page.getByLabel('Username')).toBeFocused();

  await page.goBack();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('main')).toBeFocused();
});

test('on the dashboard the keyboard going up never lands under the sticky reminder banner', async ({
  page,
}) => {
  await logInAsNewTrader(page);
  await createRules(
    page,
    ['Wait for the close', 'Risk 1% at most', 'No trades after news', 'Log every trade'].map(
      (description) => ({ description, notes: `${description}: the why of it.` }),
    ),
  );
  for (const day of ['2026-03-09', '2026-03-10', '2026-03-11']) {
    await createSession(page, { name: `Session of ${day}`, date: day });
  }
  await page.goto('/');
  const banner = page.getByRole('region', { name: 'Rule reminders' });
  await expect(banner).toHaveCSS('position', 'sticky');
  // From the foot of the page, up through every card.
  await page.getByRole('button', { name: 'Delete rule: Log every trade' }).focus();
  expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
  expect(
    await controlsCoveredWhileTabbing(page, '[aria-label="Rule reminders"]', 'Shift+Tab', 30),
  ).toEqual([]);
});
