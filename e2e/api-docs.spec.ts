import { expect, test } from '@playwright/test';

test('the API description is browsable at /api/docs', async ({ page }) => {
  const errors: string[] = [];
  page.on('console', (message) => {
    // A header the browser does not understand is a warning: count it as a mistake too.
    const isHeaderWarning =
      message.type() === 'warning' && /Permissions-Policy/.test(message.text());
    if (message.type() === 'error' || isHeaderWarning) errors.push(message.text());
  });
  await page.goto('/api/docs');
  await expect(page.getByRole('heading', { name: /Rulekeeper API/ })).toBeVisible();
  await expect(page.getByText('/api/auth/login', { exact: true })).toBeVisible();
  // The header the app names its user in, for anyone writing another client.
  await expect(page.getByText('rulekeeper-user', { exact: true })).toBeVisible();
  expect(errors).toEqual([]);
});
