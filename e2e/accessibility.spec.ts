import { expect, test } from '@playwright/test';
import { expectNoSeriousViolations } from './support.ts';

for (const path of ['/login', '/signup']) {
  test(`${path} has no serious accessibility violations`, async ({ page }) => {
    await page.goto(path);
    await expect(page.getByRole('button').first()).toBeVisible();
    await expectNoSeriousViolations(page);
  });
}

test('the accessibility check reports a violation on the page, and in a scoped part only there', async ({
  page,
}) => {
  await page.goto('/login');
  await page.evaluate(() => {
    const unnamed = document.createElement('button');
    unnamed.id = 'unnamed';
    const faint = document.createElement('p');
    faint.id = 'faint';
    faint.textContent = 'Faint words';
    faint.style.cssText = 'color: #eeeeee; background: #ffffff';
    document.querySelector('main')?.append(unnamed, faint);
  });
  await expect(expectNoSeriousViolations(page)).rejects.toThrow(/button-name.*#unnamed/);
  await expect(expectNoSeriousViolations(page)).rejects.toThrow(/color-contrast.*#faint/);
  await expect(expectNoSeriousViolations(page, [page.locator('#faint')])).rejects.toThrow(
    /color-contrast/,
  );
  await expectNoSeriousViolations(page, [page.getByRole('button', { name: /log in/i })]);
});
