import { expect, test } from '@playwright/test';
import { createRules, createTrader, logInWithForm } from './support.ts';

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

test.describe('on a 390 px wide phone', () => {
  const viewport = { width: 390, height: 844 };
  test.use({ viewport });

  test('the reminder banner stays within a quarter of the screen, however long the rule', async ({
    page,
    request,
  }) => {
    const account = await createTrader(request);
    await logInWithForm(page, account);
    // The longest rule the server takes: 500 characters of description, 2,000 of notes.
    const description = 'Wait for the candle to close beyond the level before entering. '
      .repeat(8)
      .slice(0, 500)
      .trim();
    const notes = 'Check the higher time frame first.\n'.repeat(60).slice(0, 2000).trim();
    await createRules(page, [{ description, notes }]);
    await page.goto('/');

    const banner = page.getByRole('region', { name: 'Rule reminders' });
    await expect(banner.getByText('1/1', { exact: true })).toBeVisible();
    const box = await banner.boundingBox();
    expect(box?.height).toBeLessThanOrEqual(viewport.height / 4);
    // Clamped on screen, the whole text is still there for screen readers.
    await expect(banner.getByText(description, { exact: true })).toHaveCount(1);
    await expect(banner).toContainText(notes.replaceAll('\n', ' ').slice(-200).trim());
  });
});
