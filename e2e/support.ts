import { AxeBuilder } from '@axe-core/playwright';
import { expect, type APIRequestContext, type Page } from '@playwright/test';

export const ADMIN = {
  username: 'desk-admin',
  password: 'admin-password-1',
  fullName: 'Desk Administrator',
  email: 'admin@example.com',
};

export interface Account {
  username: string;
  password: string;
  fullName: string;
  email: string;
  companyName?: string;
}

/** A unique trader, created through the API (the journeys under test create their own in the UI). */
export async function createTrader(request: APIRequestContext, overrides: Partial<Account> = {}) {
  const id = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const account: Account = {
    username: `trader_${id}`,
    password: `pw-${id}-secret`,
    fullName: `Trader ${id.toUpperCase()}`,
    email: `trader_${id}@example.com`,
    ...overrides,
  };
  const response = await request.post('/api/auth/signup', { data: account });
  expect(response.status(), await response.text()).toBe(201);
  return account;
}

/** Logs in through the login screen and waits for the dashboard. */
export async function logInWithForm(
  page: Page,
  account: Pick<Account, 'username' | 'password'>,
  rememberMe = false,
) {
  await page.goto('/login');
  await page.getByLabel('Username').fill(account.username);
  await page.getByLabel('Password').fill(account.password);
  const remember = page.getByRole('checkbox', { name: 'Remember me' });
  if ((await remember.isChecked()) !== rememberMe) await remember.click();
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/$/);
}

/** Expects a toast with this title and text (Radix also copies toasts into a live region). */
export async function expectToast(page: Page, title: string, text?: string) {
  const region = page.getByRole('region', { name: /Notifications/ });
  await expect(region.getByText(title, { exact: true })).toBeVisible();
  if (text) await expect(region.getByText(text, { exact: true })).toBeVisible();
}

/**
 * Creates rules through the API, in order, as the logged-in user of `page`
 * (its request context shares the page's cookies).
 */
export async function createRules(page: Page, rules: { description: string; notes?: string }[]) {
  for (const rule of rules) {
    const response = await page.request.post('/api/rules', { data: rule });
    expect(response.status(), await response.text()).toBe(201);
  }
}

/**
 * The rule descriptions in the order the list shows them, read once from the drag handles:
 * wrap it in `expect.poll` so it waits for the list to render.
 */
export async function shownRuleOrder(page: Page) {
  const labels = await page
    .getByRole('button', { name: /^Reorder rule: / })
    .evaluateAll((handles) => handles.map((handle) => handle.getAttribute('aria-label') ?? ''));
  return labels.map((label) => label.replace(/^Reorder rule: /, ''));
}

/** Runs axe on the page as it is now and expects no serious or critical violation. */
export async function expectNoSeriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations.filter(
    (v) => v.impact === 'serious' || v.impact === 'critical',
  );
  expect(
    serious.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target).join(', ')})`),
  ).toEqual([]);
}
