import { expect, test } from '@playwright/test';
import { editPageAnswers } from './support.ts';

/**
 * With `SIGNUP=closed` the server says so in /api/app-info (its refusal of the signup call is
 * tested in the API tests), which every page carries and the app may ask for again; here the
 * answer is stood in for in both, as the e2e server runs open.
 */
test.beforeEach(async ({ page }) => {
  const closed = (appInfo: unknown) => ({ ...(appInfo as object), isSignupOpen: false });
  await editPageAnswers(page, (answers) => {
    answers['/api/app-info'] = closed(answers['/api/app-info']);
  });
  await page.route('**/api/app-info', async (route) => {
    const response = await route.fetch();
    await route.fulfill({ response, json: closed(await response.json()) });
  });
});

test('a closed instance says sign-up is closed and offers no form', async ({ page }) => {
  await page.goto('/signup');
  await expect(page.getByRole('heading', { name: 'Sign-up is closed' })).toBeVisible();
  await expect(page.getByText(/created by an administrator/)).toBeVisible();
  await expect(page.getByLabel('Username')).toHaveCount(0);
  await expect(page.getByRole('button', { name: /sign up|create account/i })).toHaveCount(0);
  await page.getByRole('link', { name: /log ?in/i }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('link', { name: 'Sign up' })).toHaveCount(0);
});
