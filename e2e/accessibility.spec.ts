import { expect, test } from '@playwright/test';
import { expectNoSeriousViolations } from './support.ts';

for (const path of ['/login', '/signup']) {
  test(`${path} has no serious accessibility violations`, async ({ page }) => {
    await page.goto(path);
    await expect(page.getByRole('button').first()).toBeVisible();
    await expectNoSeriousViolations(page);
  });
}
