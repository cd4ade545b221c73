import { expect, test } from '@playwright/test';
import { createTrader, logInWithForm } from './support.ts';

test('on a phone the sidebar hides behind a menu button', async ({ page, request }) => {
  const account = await createTrader(request);
  await logInWithForm(page, account);
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav).toBeHidden();

  await page.getByRole('button', { name: 'Open menu' }).click();
  await expect(nav).toBeVisible();
  await nav.getByRole('link', { name: 'Session History' }).click();
  await expect(page).toHaveURL(/\/history$/);
  await expect(nav).toBeHidden();
  await expect(page.getByRole('heading', { name: 'Session History', level: 1 })).toBeVisible();
});
