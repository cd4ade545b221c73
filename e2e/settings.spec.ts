import { expect, test, type Page } from '@playwright/test';
import { expectNoSeriousViolations, expectToast, logInAsNewTrader } from './support.ts';

async function openSettings(page: Page) {
  await page.goto('/settings');
  await expect(page.getByRole('heading', { name: 'Settings', level: 1 })).toBeVisible();
}

async function storedUser(page: Page) {
  const response = await page.request.get('/api/user');
  expect(response.status(), await response.text()).toBe(200);
  const { user } = (await response.json()) as {
    user: {
      fullName: string;
      email: string;
      companyName: string | null;
      preferences: { notifications: Record<string, boolean> };
    };
  };
  return user;
}

test('a trader renames themselves and their company, and the sidebar follows at once', async ({
  page,
}) => {
  const account = await logInAsNewTrader(page);
  await openSettings(page);
  const profile = page.getByRole('region', { name: 'Profile Settings' });
  await expect(profile.getByLabel('Full Name')).toHaveValue(account.fullName);
  await expect(profile.getByLabel('Email Address')).toHaveValue(account.email);
  await expect(profile.getByLabel('Trading Company Name')).toHaveValue('');

  await profile.getByLabel('Full Name').fill('Avery Quinn');
  await profile.getByLabel('Trading Company Name').fill('Harbour Capital');
  await profile.getByRole('button', { name: 'Save Profile' }).click();
  await expectToast(page, 'Settings Saved', 'Your settings have been updated successfully.');

  // No reload: the user menu reads the refreshed login.
  await page.getByRole('button', { name: /Avery Quinn/ }).click();
  await expect(page.getByRole('menu')).toContainText('Avery Quinn');
  await expect(page.getByRole('menu')).toContainText('Harbour Capital');
  await page.keyboard.press('Escape');

  await page.reload();
  await expect(profile.getByLabel('Full Name')).toHaveValue('Avery Quinn');
  await expect(profile.getByLabel('Email Address')).toHaveValue(account.email);
  await expect(profile.getByLabel('Trading Company Name')).toHaveValue('Harbour Capital');
});

test('a notification switch turned off stays off after a reload', async ({ page }) => {
  await logInAsNewTrader(page);
  await openSettings(page);
  const notifications = page.getByRole('region', { name: 'Notifications', exact: true });
  const weekly = notifications.getByRole('switch', { name: 'Weekly Reports' });
  await expect(weekly).toBeChecked();
  await expect(weekly).toHaveAccessibleDescription('Receive weekly discipline analysis reports');

  await weekly.click();
  await expect(weekly).not.toBeChecked();
  await notifications.getByRole('button', { name: 'Save Notification Settings' }).click();
  await expectToast(page, 'Settings Saved', 'Your settings have been updated successfully.');

  await page.reload();
  await expect(weekly).not.toBeChecked();
  await expect(
    notifications.getByRole('switch', { name: 'Trading Session Reminders' }),
  ).toBeChecked();
  await expect(notifications.getByRole('switch', { name: 'Low Compliance Alerts' })).toBeChecked();
  expect((await storedUser(page)).preferences.notifications).toEqual({
    tradingSessions: true,
    weeklyReports: false,
    lowCompliance: true,
  });
});

test('a malformed email is refused at its field and nothing is saved', async ({ page }) => {
  const account = await logInAsNewTrader(page);
  await openSettings(page);
  const profile = page.getByRole('region', { name: 'Profile Settings' });
  await profile.getByLabel('Full Name').fill('Avery Quinn');
  const email = profile.getByLabel('Email Address');
  await email.fill('not-an-email');
  await profile.getByRole('button', { name: 'Save Profile' }).click();

  await expect(profile.getByText('Invalid email address')).toBeVisible();
  await expect(email).toBeFocused();
  await expect(email).toHaveAttribute('aria-invalid', 'true');
  await expect(email).toHaveAccessibleDescription('Invalid email address');
  const user = await storedUser(page);
  expect([user.fullName, user.email]).toEqual([account.fullName, account.email]);
});

test('the settings page has no serious accessibility violation', async ({ page }) => {
  await logInAsNewTrader(page);
  await openSettings(page);
  await expect(page.getByRole('switch', { name: 'Weekly Reports' })).toBeVisible();
  await expectNoSeriousViolations(page);
});
