import { expect, test } from '@playwright/test';

test('the API description is browsable at /api/docs', async ({ page }) => {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  await page.goto('/api/docs');
  await expect(page.getByRole('heading', { name: /Rulekeeper API/ })).toBeVisible();
  await expect(page.getByText('/api/auth/login', { exact: true })).toBeVisible();
  expect(errors).toEqual([]);
});
