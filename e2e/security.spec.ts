import { expect, test, type Browser, type Page } from '@playwright/test';
import {
  activeLogins,
  expectSentToLogin,
  logInElsewhere,
  SAFARI_ON_IPHONE,
  openSecurityCard,
} from './security-support.ts';
import {
  createTrader,
  expectNoSeriousViolations,
  expectToast,
  logInWithForm,
  pressEscape,
  submitLoginForm,
} from './support.ts';

// Two browsers, several logins and password hashes each: more than the default 30 s on a busy machine.
test.slow();

/** A new trader logged in on a phone and here, with Settings' Security card open, listing both. */
async function logInOnTwoBrowsers(page: Page, browser: Browser) {
  const account = await createTrader(page.request);
  const phone = await logInElsewhere(browser, account);
  await logInWithForm(page, account);
  const security = await openSecurityCard(page);
  await expect(activeLogins(page)).toHaveCount(2);
  return { phone, security };
}

test('logging out everywhere else when the other logins have already ended says so', async ({
  page,
  browser,
}) => {
  const { phone, security } = await logInOnTwoBrowsers(page, browser);
  // The phone logs out while this list still shows it.
  await phone.page.request.post('/api/auth/logout');
  await phone.context.close();
  await security.getByRole('button', { name: 'Log out everywhere else' }).click();
  await page
    .getByRole('alertdialog', { name: 'Log out everywhere else?' })
    .getByRole('button', { name: 'Log out everywhere else' })
    .click();
  await expectToast(page, 'Logged Out Elsewhere', 'Your other logins had already ended.');
  await expect(activeLogins(page)).toHaveCount(1);
});

test('a trader logged in on two browsers sees both and logs the other one out everywhere else', async ({
  page,
  browser,
}) => {
  const { phone, security } = await logInOnTwoBrowsers(page, browser);
  const thisDevice = activeLogins(page).filter({ hasText: 'This device' });
  await expect(thisDevice).toHaveCount(1);
  await expect(thisDevice).toContainText('Chrome on Windows');
  await expect(thisDevice).toContainText('Active now');
  await expect(activeLogins(page).filter({ hasText: 'Safari on iPhone' })).toContainText(
    /Last used \w{3} \d{1,2}, \d{4}, \d{2}:\d{2}/,
  );
  await expectNoSeriousViolations(page);

  // It asks first; Cancel changes nothing.
  await security.getByRole('button', { name: 'Log out everywhere else' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Log out everywhere else?' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await expect(activeLogins(page)).toHaveCount(2);

  const endOthers = security.getByRole('button', { name: 'Log out everywhere else' });
  await endOthers.focus();
  await page.keyboard.press('Enter');
  await dialog.getByRole('button', { name: 'Log out everywhere else' }).click();
  await expectToast(page, 'Logged Out Elsewhere', 'Your other login has been ended.');
  await expect(activeLogins(page)).toHaveCount(1);
  await expect(activeLogins(page)).toContainText('This device');
  await expect(endOthers).toBeDisabled();
  await expect(security.getByText('This is your only login.')).toBeVisible();
  // The keyboard is given back to the button, disabled but still there, that says why.
  await expect(endOthers).toBeFocused();
  await expect(endOthers).toHaveAccessibleDescription('This is your only login.');
  await page.keyboard.press('Enter');
  await expect(dialog).toBeHidden();

  await expectSentToLogin(phone.page);
  // This browser is still logged in.
  await page.reload();
  await expect(activeLogins(page)).toHaveCount(1);
  await phone.context.close();
});

test('a password change logs the other browser out, and the new password works at the login form', async ({
  page,
  browser,
}) => {
  const account = await createTrader(page.request);
  const newPassword = `${account.password}-renewed`;
  const phone = await logInElsewhere(browser, account);
  await logInWithForm(page, account);
  const security = await openSecurityCard(page);
  const form = security.getByRole('form', { name: 'Change Password' });
  const submit = form.getByRole('button', { name: 'Change Password' });

  // Checked in the browser first.
  await form.getByLabel('Current Password').fill(account.password);
  await form.getByLabel('New Password', { exact: true }).fill(newPassword);
  await form.getByLabel('Confirm New Password').fill(`${newPassword}x`);
  await submit.click();
  await expect(form.getByText('Passwords do not match')).toBeVisible();
  await expect(form.getByLabel('Confirm New Password')).toHaveAttribute('aria-invalid', 'true');

  // A wrong current password is the server's refusal, shown at its field.
  await form.getByLabel('Current Password').fill('not-my-password');
  await form.getByLabel('Confirm New Password').fill(newPassword);
  await submit.click();
  await expect(form.getByText('Current password is incorrect')).toBeVisible();
  await expect(form.getByLabel('Current Password')).toBeFocused();
  await expect(page).toHaveURL(/\/settings$/);

  await form.getByLabel('Current Password').fill(account.password);
  await submit.click();
  await expectToast(page, 'Password Changed', 'Your other logins have been ended.');
  await expect(form.getByLabel('Current Password')).toHaveValue('');
  await expect(form.getByLabel('New Password', { exact: true })).toHaveValue('');
  await expect(activeLogins(page)).toHaveCount(1);

  await expectSentToLogin(phone.page);
  await submitLoginForm(phone.page, account);
  await expect(phone.page.getByText('Invalid username or password').first()).toBeVisible();
  await submitLoginForm(phone.page, { username: account.username, password: newPassword });
  await expect(phone.page).toHaveURL(/\/history$/);
  await phone.context.close();
});

test.describe('on a 390 px wide phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, userAgent: SAFARI_ON_IPHONE });

  test('the Security card fits the screen and works from the keyboard', async ({
    page,
    browser,
  }) => {
    const account = await createTrader(page.request);
    const other = await logInElsewhere(browser, account);
    await logInWithForm(page, account);
    const security = await openSecurityCard(page);
    await expect(activeLogins(page)).toHaveCount(2);
    await expect(activeLogins(page).first()).toContainText('Safari on iPhone');
    expect(
      await page.evaluate(
        () => document.documentElement.scrollWidth <= document.documentElement.clientWidth,
      ),
    ).toBe(true);

    // Keyboard: the button opens the question, Escape closes it and gives focus back.
    const endOthers = security.getByRole('button', { name: 'Log out everywhere else' });
    await endOthers.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('alertdialog', { name: 'Log out everywhere else?' });
    await expect(dialog).toBeVisible();
    await pressEscape(page);
    await expect(dialog).toBeHidden();
    await expect(endOthers).toBeFocused();
    await other.context.close();
  });
});
