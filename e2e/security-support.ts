import { expect, type Browser, type Page } from '@playwright/test';
import { logInWithForm, type Account } from './support.ts';

/** A phone's browser, so the two logins of a journey show different devices. */
export const SAFARI_ON_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';

/**
 * The same trader logged in from a second browser (a context of its own: its own cookies), as
 * on a phone. Close the context at the end of the test.
 */
export async function logInElsewhere(
  browser: Browser,
  account: Pick<Account, 'username' | 'password'>,
) {
  const context = await browser.newContext({ userAgent: SAFARI_ON_IPHONE });
  const page = await context.newPage();
  await logInWithForm(page, account);
  return { context, page };
}

/** Opens Settings and answers its Security card. */
export async function openSecurityCard(page: Page) {
  await page.goto('/settings');
  const security = page.getByRole('region', { name: 'Security' });
  // The page's first paint after a login: slow on a busy machine, so it gets more time.
  await expect(security).toBeVisible({ timeout: 15_000 });
  return security;
}

/** The items of the 'Active logins' list. */
export function activeLogins(page: Page) {
  return page.getByRole('list', { name: 'Active logins' }).getByRole('listitem');
}

/**
 * The other browser's next action in the app (opening a page whose data it has not loaded yet)
 * meets its ended login: it lands on the login screen and is told so.
 */
export async function expectSentToLogin(page: Page) {
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'Session History' })
    .click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByText('Your login has expired', { exact: true }).first()).toBeVisible();
}
