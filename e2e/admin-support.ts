import { expect, request, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { ADMIN, createTrader, logInWithForm, type Account } from './support.ts';

/** Logs the administrator in and opens User Management from the sidebar, as a person does. */
export async function openUserManagement(page: Page) {
  await logInWithForm(page, ADMIN);
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'Admin Panel' })
    .click();
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole('heading', { name: 'User Management', level: 1 })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Users' })).toBeVisible();
}

/** A user's card in the grid, named by its full name. */
export function userCard(page: Page, fullName: string) {
  return page.getByRole('list', { name: 'Users' }).getByRole('region', { name: fullName });
}

/** A new unique account's fields; nothing is created. */
export function buildAccount(prefix = 'member'): Account {
  const id = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  return {
    username: `${prefix}_${id}`,
    password: `pw-${id}-secret`,
    fullName: `Member ${id.toUpperCase()}`,
    email: `${prefix}_${id}@example.com`,
  };
}

/** A second browser, with its own cookies: another person at another desk. */
export async function openSecondBrowser(browser: Browser, baseURL: string | undefined) {
  const context = await browser.newContext({ baseURL });
  return { page: await context.newPage(), close: () => context.close() };
}

/** Logs `request` in as the administrator, so its calls are the administrator's. */
export async function logInRequestAsAdmin(request: APIRequestContext) {
  const response = await request.post('/api/auth/login', {
    data: { username: ADMIN.username, password: ADMIN.password },
  });
  expect(response.status(), await response.text()).toBe(200);
}

/** Creates an account through the administrator's call; `request` must be logged in as one. */
export async function createUserThroughApi(
  request: APIRequestContext,
  account: Account,
  isAdmin = false,
) {
  const response = await request.post('/api/admin/create-user', { data: { ...account, isAdmin } });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as { user: { id: number } };
}

/** A trader who shares their figures, made through the API in a context of their own. */
export async function createSharingTrader(baseURL: string | undefined) {
  const context = await request.newContext({ baseURL });
  const account = await createTrader(context);
  const login = await context.post('/api/auth/login', {
    data: { username: account.username, password: account.password },
  });
  expect(login.status()).toBe(200);
  const shared = await context.put('/api/auth/update-profile', {
    data: { preferences: { sharing: { discipline: true } } },
  });
  expect(shared.status(), await shared.text()).toBe(200);
  return { account, context };
}

/** The team list asked for every sharer on one page, whichever place a new one takes. */
export async function showEverySharer(page: Page) {
  await page.route(/\/api\/admin\/team\?/, (route) =>
    route.continue({ url: `${route.request().url()}&limit=200` }),
  );
}
