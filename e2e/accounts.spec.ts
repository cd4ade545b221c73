import { expect, test } from '@playwright/test';
import {
  ADMIN,
  createRules,
  createTrader,
  endLoginOnServer,
  expectToast,
  holdRequests,
  logInWithForm,
  shownRuleOrder,
  submitLoginForm,
  toastRegion,
} from './support.ts';

test('a newcomer signs up, logs in, finds their way around and logs out', async ({ page }) => {
  const id = Date.now().toString(36);
  const account = {
    username: `newcomer_${id}`,
    password: `pw-${id}-long`,
    fullName: 'Nadia Newcomer',
  };

  await page.goto('/login');
  await page.getByRole('link', { name: 'Sign up' }).click();
  await expect(page).toHaveURL(/\/signup$/);
  await page.getByLabel('Username').fill(account.username);
  await page.getByLabel('Password').fill(account.password);
  await page.getByLabel('Full Name').fill(account.fullName);
  await page.getByLabel('Email').fill(`${account.username}@example.com`);
  await page.getByLabel('Trading Company (Optional)').fill('Northwind FX');
  await page.getByRole('button', { name: 'Sign up' }).click();

  await expectToast(
    page,
    'Account Created',
    'Your account has been created successfully. Please log in.',
  );
  await expect(page).toHaveURL(/\/login$/);

  // The new account's username is filled in; the password is what is asked for.
  await expect(page.getByLabel('Username')).toHaveValue(account.username);
  await expect(page.getByLabel('Password')).toBeFocused();
  await page.keyboard.type(account.password);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/$/);
  await expectToast(page, 'Login Successful', 'Welcome back!');

  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(
    page.getByRole('heading', { name: `${account.fullName} Trading Dashboard` }),
  ).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Dashboard' })).toHaveAttribute(
    'aria-current',
    'page',
  );
  await expect(nav.getByRole('link', { name: 'Admin Panel' })).toHaveCount(0);
  await expect(page.getByText(`© ${new Date().getFullYear()}`)).toBeVisible();
  await expect(page.getByText('All rights reserved')).toBeVisible();

  await nav.getByRole('link', { name: 'Trading Rules' }).click();
  await expect(page).toHaveURL(/\/rules$/);
  await expect(page.getByRole('heading', { name: 'Trading Rules', level: 1 })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Trading Rules' })).toHaveAttribute(
    'aria-current',
    'page',
  );
  await expect(nav.getByRole('link', { name: 'Dashboard' })).not.toHaveAttribute(
    'aria-current',
    'page',
  );

  await page.goto('/history/42');
  await expect(nav.getByRole('link', { name: 'Session History' })).toHaveAttribute(
    'aria-current',
    'page',
  );

  await page.getByRole('button', { name: new RegExp(account.fullName) }).click();
  await expect(page.getByRole('menu')).toContainText(`${account.username}@example.com`);
  await expect(page.getByRole('menu')).toContainText('Northwind FX');
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expectToast(page, 'Logged Out', 'You have been logged out successfully.');

  await page.goto('/analytics');
  await expect(page).toHaveURL(/\/login$/);
});

test('a wrong password shows the server message and keeps the visitor on the login screen', async ({
  page,
  request,
}) => {
  const account = await createTrader(request);
  await page.goto('/login');
  await page.getByLabel('Username').fill(account.username);
  await page.getByLabel('Password').fill('not-my-password');
  await page.getByRole('button', { name: 'Log in' }).click();
  await expectToast(page, 'Login Failed', 'Invalid username or password');
  await expect(page).toHaveURL(/\/login$/);
  // A 401 while logged out is the answer to the form, not an expired login.
  await expect(toastRegion(page).getByText('Your login has expired')).toHaveCount(0);
});

test('the login button reads "Logging in..." and is disabled while the request runs', async ({
  page,
  request,
}) => {
  const account = await createTrader(request);
  const release = await holdRequests(page, '**/api/auth/login');
  await page.goto('/login');
  await page.getByLabel('Username').fill(account.username);
  await page.getByLabel('Password').fill(account.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByRole('button', { name: 'Logging in...' })).toBeDisabled();
  release();
  await expect(page).toHaveURL(/\/$/);
});

test('the login form says which fields are missing', async ({ page }) => {
  await page.goto('/login');
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByText('Username is required')).toBeVisible();
  await expect(page.getByText('Password is required')).toBeVisible();
});

test('the signup form shows the validation messages', async ({ page }) => {
  await page.goto('/signup');
  // What a password must be is said before it is refused, not only after.
  await expect(page.getByLabel('Password')).toHaveAccessibleDescription(
    'At least 8 characters; not a common password.',
  );
  await page.getByLabel('Username').fill('someone');
  await page.getByLabel('Password').fill('123');
  await page.getByLabel('Full Name').fill('A');
  await page.getByLabel('Email').fill('not-an-email');
  await page.getByRole('button', { name: 'Sign up' }).click();
  await expect(page.getByText('Password must be at least 8 characters')).toBeVisible();
  await expect(page.getByText('Full name is required')).toBeVisible();
  await expect(page.getByText('Invalid email address')).toBeVisible();
  await expect(page).toHaveURL(/\/signup$/);
});

test('a common password is refused beside the password field', async ({ page }) => {
  const id = Date.now().toString(36);
  await page.goto('/signup');
  await page.getByLabel('Username').fill(`common_${id}`);
  await page.getByLabel('Password').fill('password');
  await page.getByLabel('Full Name').fill('Carla Common');
  await page.getByLabel('Email').fill(`common_${id}@example.com`);
  await page.getByRole('button', { name: 'Sign up' }).click();

  const password = page.getByLabel('Password');
  await expect(page.getByText('This password is too common')).toBeVisible();
  await expect(password).toBeFocused();
  await expect(password).toHaveAttribute('aria-invalid', 'true');
  await expect(password).toHaveAccessibleDescription(
    'At least 8 characters; not a common password. This password is too common',
  );
  // The message is on screen beside its field: no toast repeats it.
  await expect(toastRegion(page).getByText('Validation Error')).toHaveCount(0);
  await expect(toastRegion(page).getByText('Signup Failed')).toHaveCount(0);
  await expect(page).toHaveURL(/\/signup$/);
});

test('a protected page sends a visitor to the login screen', async ({ page }) => {
  for (const path of ['/', '/rules', '/history/3', '/settings', '/admin']) {
    await page.goto(path);
    await expect(page, path).toHaveURL(/\/login$/);
  }
});

test('the page asked for while logged out opens after logging in', async ({ page, request }) => {
  const account = await createTrader(request);
  await page.goto('/history/42');
  await expect(page).toHaveURL(/\/login$/);
  await submitLoginForm(page, account);
  await expect(page).toHaveURL(/\/history\/42$/);
  // The session details screen, answering for an id this new trader does not own.
  await expect(page.getByRole('heading', { name: 'Session Not Found', level: 1 })).toBeVisible();
});

test('a login ended on the server sends the next action to the login screen, and back afterwards', async ({
  page,
  request,
}) => {
  const account = await createTrader(request);
  await logInWithForm(page, account);
  await createRules(page, [{ description: 'Cut losses early' }]);
  await page.goto('/rules');
  await expect.poll(() => shownRuleOrder(page)).toEqual(['Cut losses early']);

  await endLoginOnServer(page);
  // The screen still looks logged in until the next call: adding a rule gets the 401.
  await page.getByRole('button', { name: 'Add New Rule' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Trading Rule' });
  await dialog.getByLabel('Rule Description').fill('Never average down');
  await dialog.getByRole('button', { name: 'Add Rule' }).click();

  await expect(page).toHaveURL(/\/login$/);
  await expectToast(
    page,
    'Your login has expired',
    'Please log in again. What you were typing is kept: open the same form to go on.',
  );
  // Its 21 words outlast the observed 5 s: still there to be read after 6.
  await page.waitForTimeout(6000);
  await expect(toastRegion(page).getByText('Your login has expired')).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Main' })).toHaveCount(0);
  await expect(toastRegion(page).getByText('You are not logged in')).toHaveCount(0);

  await submitLoginForm(page, account);
  await expect(page).toHaveURL(/\/rules$/);
  await expect.poll(() => shownRuleOrder(page)).toEqual(['Cut losses early']);

  // The rule typed before is there again, and saves.
  await page.getByRole('button', { name: 'Add New Rule' }).click();
  await expect(dialog.getByRole('status')).toHaveText(
    'Restored what you typed before your login expired.',
  );
  // Said as the dialog opens, before what it is for.
  await expect(dialog).toHaveAccessibleDescription(
    'Restored what you typed before your login expired. Write down a rule you mean to follow in every trading session.',
  );
  const description = dialog.getByLabel('Rule Description');
  await expect(description).toHaveValue('Never average down');
  // Focus waits after the restored text, not on it selected: typing goes on from there.
  await expect(description).toBeFocused();
  await page.keyboard.type(', ever');
  await expect(description).toHaveValue('Never average down, ever');
  await dialog.getByRole('button', { name: 'Add Rule' }).click();
  await expect(dialog).toBeHidden();
  await expect
    .poll(() => shownRuleOrder(page))
    .toEqual(['Cut losses early', 'Never average down, ever']);
});

test('a login that ends with nothing typed says only that', async ({ page, request }) => {
  const account = await createTrader(request);
  await logInWithForm(page, account);
  await page.goto('/rules');
  await page.getByRole('button', { name: 'Add New Rule' }).click();
  await endLoginOnServer(page);
  // The next read gets the 401: the window's focus refreshes the screen.
  await page.evaluate(() => window.dispatchEvent(new Event('focus')));

  await expect(page).toHaveURL(/\/login$/);
  await expectToast(page, 'Your login has expired', 'Please log in again.');
  await submitLoginForm(page, account);
  await page.getByRole('button', { name: 'Add New Rule' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Trading Rule' });
  await expect(dialog.getByLabel('Rule Description')).toHaveValue('');
  await expect(dialog.getByRole('status')).toHaveCount(0);
});

test('a logged-in trader on the login screen is sent to the dashboard', async ({
  page,
  request,
}) => {
  const account = await createTrader(request);
  await logInWithForm(page, account);
  await page.goto('/login');
  await expect(page).toHaveURL(/\/$/);
});

test('an unknown address shows the 404 page', async ({ page }) => {
  await page.goto('/no/such/page');
  await expect(page.getByRole('heading', { name: '404 Page Not Found' })).toBeVisible();
  await expect(page.getByText('Did you forget to add the page to the router?')).toBeVisible();
});

test('"Remember me" pre-fills the username and never stores the password', async ({
  page,
  context,
  request,
}) => {
  const account = await createTrader(request);
  await logInWithForm(page, account, true);

  const cookies = await context.cookies();
  const session = cookies.find((c) => c.name === 'rk_session');
  expect(session?.httpOnly).toBe(true);
  expect(session?.expires).toBeGreaterThan(Date.now() / 1000 + 29 * 24 * 3600);

  const storage = await page.evaluate(() => JSON.stringify({ ...localStorage, ...sessionStorage }));
  expect(storage).not.toContain(account.password);
  expect(storage).toContain(account.username);

  await context.clearCookies();
  await page.goto('/login');
  await expect(page.getByLabel('Username')).toHaveValue(account.username);
  await expect(page.getByLabel('Password')).toHaveValue('');
  await expect(page.getByRole('checkbox', { name: 'Remember me' })).toBeChecked();

  // Logging in without the box forgets the username again, and the cookie dies with the browser.
  await page.getByRole('checkbox', { name: 'Remember me' }).click();
  await page.getByLabel('Password').fill(account.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/$/);
  const browserSession = (await context.cookies()).find((c) => c.name === 'rk_session');
  expect(browserSession?.expires).toBe(-1);
  expect(await page.evaluate(() => JSON.stringify({ ...localStorage }))).not.toContain(
    account.username,
  );
});

test('only an administrator sees the Admin Panel entry', async ({ page }) => {
  await logInWithForm(page, ADMIN);
  const nav = page.getByRole('navigation', { name: 'Main' });
  await nav.getByRole('link', { name: 'Admin Panel' }).click();
  await expect(page.getByRole('heading', { name: 'User Management' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Admin Panel' })).toHaveAttribute(
    'aria-current',
    'page',
  );
});

test('no request leaves for another host', async ({ page, request, baseURL }) => {
  const appOrigin = new URL(baseURL ?? '').origin;
  const foreign: string[] = [];
  page.on('request', (req) => {
    const url = new URL(req.url());
    if (url.protocol !== 'data:' && url.protocol !== 'blob:' && url.origin !== appOrigin) {
      foreign.push(req.url());
    }
  });
  const account = await createTrader(request);
  await logInWithForm(page, account);
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'Analytics' })
    .click();
  await expect(page.getByRole('heading', { name: 'Analytics', level: 1 })).toBeVisible();
  await page.evaluate(() => document.fonts.ready);
  expect(foreign).toEqual([]);
});
