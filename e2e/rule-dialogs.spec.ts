import { expect, test, type Page } from '@playwright/test';
import {
  afterTwoFrames,
  createRules,
  expectToast,
  holdRequests,
  logInNewTraderThroughApi,
  pressEscape,
  shownRuleOrder,
  toastRegion,
} from './support.ts';

test('closing a rule dialog puts focus back on the button that opened it', async ({ page }) => {
  await logInNewTraderThroughApi(page.request);
  await createRules(page, [{ description: 'Stay patient' }]);
  await page.goto('/rules');
  await expect.poll(() => shownRuleOrder(page)).toEqual(['Stay patient']);

  // Add, saved.
  const addButton = page.getByRole('button', { name: 'Add New Rule' });
  await addButton.click();
  const addDialog = page.getByRole('dialog', { name: 'Add Trading Rule' });
  await addDialog.getByLabel('Rule Description').fill('Take profits at the target');
  await addDialog.getByRole('button', { name: 'Add Rule' }).click();
  await expect(addDialog).toBeHidden();
  await expect(addButton).toBeFocused();

  // Edit, saved.
  const editButton = page.getByRole('button', { name: 'Edit rule: Stay patient' });
  await editButton.click();
  const editDialog = page.getByRole('dialog', { name: 'Edit Trading Rule' });
  await editDialog.getByLabel('Additional Notes').fill('Wait for the setup');
  await editDialog.getByRole('button', { name: 'Update Rule' }).click();
  await expect(editDialog).toBeHidden();
  await expect(editButton).toBeFocused();

  // Delete, cancelled: the button is still there.
  const deleteButton = page.getByRole('button', { name: 'Delete rule: Stay patient' });
  await deleteButton.click();
  const confirm = page.getByRole('alertdialog', { name: 'Are you sure?' });
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirm).toBeHidden();
  await expect(deleteButton).toBeFocused();

  // Delete, confirmed: the opener went with its row, so focus goes to the row that took its
  // place, at its first control.
  await deleteButton.click();
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(confirm).toBeHidden();
  await expect.poll(() => shownRuleOrder(page)).toEqual(['Take profits at the target']);
  const lastHandle = page.getByRole('button', { name: 'Reorder rule: Take profits at the target' });
  await expect(lastHandle).toBeFocused();

  // The last row deleted: the list itself is gone, and focus goes on where it was, in the
  // card that held it, to what replaced it.
  await page.getByRole('button', { name: 'Delete rule: Take profits at the target' }).click();
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('No trading rules defined yet.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Add Your First Rule' })).toBeFocused();
});

/**
 * The rules 'First' and 'Second' of a new trader, with reduced motion: without the dialog's
 * closing animation, its Delete button leaves the page at once.
 */
async function openFirstAndSecondWithoutMotion(page: Page) {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await logInNewTraderThroughApi(page.request);
  await createRules(page, [{ description: 'First' }, { description: 'Second' }]);
  await page.goto('/rules');
  await expect.poll(() => shownRuleOrder(page)).toEqual(['First', 'Second']);
}

test('with reduced motion too, a confirmed delete hands focus to the next rule', async ({
  page,
}) => {
  await openFirstAndSecondWithoutMotion(page);

  await page.getByRole('button', { name: 'Delete rule: First' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Are you sure?' });
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(confirm).toBeHidden();
  await expect.poll(() => shownRuleOrder(page)).toEqual(['Second']);
  await expect(page.getByRole('button', { name: 'Reorder rule: Second' })).toBeFocused();
});

test('a rule deleted elsewhere meanwhile: its delete says so, and focus goes to the next rule', async ({
  page,
}) => {
  await openFirstAndSecondWithoutMotion(page);

  // Another tab deletes it; this one has not heard.
  const rules = (await (await page.request.get('/api/rules')).json()) as {
    rules: { id: number; description: string }[];
  };
  const first = rules.rules.find((rule) => rule.description === 'First');
  expect((await page.request.delete(`/api/rules/${first?.id}`)).status()).toBe(200);

  await page.getByRole('button', { name: 'Delete rule: First' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Are you sure?' });
  // The list's refresh after the refusal takes its time (a slow connection): it comes only
  // once the dialog has closed and given focus back.
  const release = await holdRequests(page, '**/api/rules', 'GET');
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expectToast(page, 'Error', 'Trading rule not found');
  await expect(confirm).toBeHidden();
  await afterTwoFrames(page);
  // The refusal said the rule is gone: its row went at once, focus to the next one.
  await expect.poll(() => shownRuleOrder(page)).toEqual(['Second']);
  const second = page.getByRole('button', { name: 'Reorder rule: Second' });
  await expect(second).toBeFocused();
  release();
  await afterTwoFrames(page);
  await expect(second).toBeFocused();
});

test('a rule being saved cannot be closed, whatever the trader tries', async ({ page }) => {
  await logInNewTraderThroughApi(page.request);
  await page.goto('/rules');
  const release = await holdRequests(page, '**/api/rules', 'POST');

  await page.getByRole('button', { name: 'Add New Rule' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Trading Rule' });
  await dialog.getByLabel('Rule Description').fill('Trade only my setups');
  await dialog.getByRole('button', { name: 'Add Rule' }).click();
  await expect(dialog.getByRole('button', { name: 'Adding...' })).toBeDisabled();
  await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeDisabled();

  await pressEscape(page);
  await page.mouse.click(5, 5);
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel('Rule Description')).toHaveValue('Trade only my setups');
  // Nothing is being thrown away, so nothing asks about it.
  await expect(page.getByRole('alertdialog', { name: 'Discard changes?' })).toHaveCount(0);

  release();
  await expectToast(page, 'Success', 'Trading rule has been created');
  await expect(dialog).toBeHidden();
  await expect.poll(() => shownRuleOrder(page)).toEqual(['Trade only my setups']);
});

test('closing a dialog with typed text asks first; a pristine one closes at once', async ({
  page,
}) => {
  await logInNewTraderThroughApi(page.request);
  await createRules(page, [{ description: 'Respect the stop', notes: 'Always' }]);
  await page.goto('/rules');
  await expect.poll(() => shownRuleOrder(page)).toEqual(['Respect the stop']);
  const addButton = page.getByRole('button', { name: 'Add New Rule' });
  const dialog = page.getByRole('dialog', { name: 'Add Trading Rule' });
  const discard = page.getByRole('alertdialog', { name: 'Discard changes?' });

  // Pristine: Escape closes it at once.
  await addButton.click();
  await pressEscape(page);
  await expect(dialog).toBeHidden();
  await expect(discard).toHaveCount(0);
  await expect(addButton).toBeFocused();

  // Typed text: Escape asks, and "Keep editing" goes back to the text.
  await addButton.click();
  const description = dialog.getByLabel('Rule Description');
  await description.fill('Review the week on Sunday');
  await pressEscape(page);
  await expect(discard).toBeVisible();
  await discard.getByRole('button', { name: 'Keep editing' }).click();
  await expect(discard).toBeHidden();
  await expect(dialog).toBeVisible();
  await expect(description).toHaveValue('Review the week on Sunday');
  await expect(description).toBeFocused();

  // A click outside asks too; "Discard" closes both, and focus returns to the opener.
  await page.mouse.click(5, 5);
  await expect(discard).toBeVisible();
  await discard.getByRole('button', { name: 'Discard' }).click();
  await expect(discard).toBeHidden();
  await expect(dialog).toBeHidden();
  await expect(addButton).toBeFocused();
  await expect.poll(() => shownRuleOrder(page)).toEqual(['Respect the stop']);

  // Cancel asks as well once something was typed.
  await addButton.click();
  await expect(description).toHaveValue('');
  await description.fill('Something');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(discard).toBeVisible();
  await discard.getByRole('button', { name: 'Discard' }).click();
  await expect(dialog).toBeHidden();

  // An edit dialog left as it was is pristine too.
  const editButton = page.getByRole('button', { name: 'Edit rule: Respect the stop' });
  await editButton.click();
  const editDialog = page.getByRole('dialog', { name: 'Edit Trading Rule' });
  await expect(editDialog.getByLabel('Rule Description')).toHaveValue('Respect the stop');
  await pressEscape(page);
  await expect(editDialog).toBeHidden();
  await expect(discard).toHaveCount(0);
  await expect(editButton).toBeFocused();
});

test('a double-clicked Delete sends one request and shows no error', async ({ page }) => {
  await logInNewTraderThroughApi(page.request);
  await createRules(page, [{ description: 'No revenge trades' }]);
  await page.goto('/rules');
  await expect.poll(() => shownRuleOrder(page)).toEqual(['No revenge trades']);
  const deletes: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'DELETE') deletes.push(request.url());
  });

  await page.getByRole('button', { name: 'Delete rule: No revenge trades' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Are you sure?' });
  await confirm.getByRole('button', { name: 'Delete' }).dblclick();

  await expectToast(page, 'Success', 'Trading rule has been deleted');
  await expect(confirm).toBeHidden();
  await expect(page.getByText('No trading rules defined yet.')).toBeVisible();
  expect(deletes).toHaveLength(1);
  await expect(toastRegion(page).getByText('Error', { exact: true })).toHaveCount(0);
});

test('a field the server refuses shows the message beside it, focused, without a toast', async ({
  page,
}) => {
  await logInNewTraderThroughApi(page.request);
  await page.goto('/rules');
  const message = 'Notes must not contain control characters';
  await page.route('**/api/rules', (route) =>
    route.request().method() === 'POST'
      ? route.fulfill({ status: 400, json: { message, issues: [{ path: 'notes', message }] } })
      : route.continue(),
  );

  await page.getByRole('button', { name: 'Add New Rule' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Trading Rule' });
  await dialog.getByLabel('Rule Description').fill('Size by risk');
  await dialog.getByLabel('Additional Notes').fill('One percent');
  await dialog.getByRole('button', { name: 'Add Rule' }).click();

  const notes = dialog.getByLabel('Additional Notes');
  await expect(dialog.getByText(message)).toBeVisible();
  await expect(notes).toBeFocused();
  await expect(notes).toHaveAttribute('aria-invalid', 'true');
  await expect(notes).toHaveAccessibleDescription(
    `These notes will appear as reminders on your dashboard ${message}`,
  );
  await expect(dialog.getByLabel('Rule Description')).not.toHaveAttribute('aria-invalid', 'true');
  await expect(toastRegion(page).getByText('Validation Error')).toHaveCount(0);
  await expect(toastRegion(page).getByText('Error', { exact: true })).toHaveCount(0);
});

test('a refusal about no field on screen is a "Validation Error" toast', async ({ page }) => {
  await logInNewTraderThroughApi(page.request);
  await page.goto('/rules');
  const message = 'Unrecognized key: "colour"';
  await page.route('**/api/rules', (route) =>
    route.request().method() === 'POST'
      ? route.fulfill({ status: 400, json: { message, issues: [{ path: '', message }] } })
      : route.continue(),
  );

  await page.getByRole('button', { name: 'Add New Rule' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Trading Rule' });
  await dialog.getByLabel('Rule Description').fill('Size by risk');
  await dialog.getByRole('button', { name: 'Add Rule' }).click();
  await expectToast(page, 'Validation Error', message);
  await expect(dialog).toBeVisible();
});

/** A new trader on the rules screen, with the Add dialog open and `description` typed in it. */
async function openAddRuleDialogAsNewTrader(page: Page, description: string) {
  await logInNewTraderThroughApi(page.request);
  await page.goto('/rules');
  await page.getByRole('button', { name: 'Add New Rule' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Trading Rule' });
  await dialog.getByLabel('Rule Description').fill(description);
  return dialog;
}

test('a save that fails keeps the focus on its button, so the trader can try again from the keyboard', async ({
  page,
}) => {
  const dialog = await openAddRuleDialogAsNewTrader(page, 'Take profits at the target');
  await page.route('**/api/rules', (route) =>
    route.request().method() === 'POST'
      ? route.fulfill({ status: 500, json: { message: 'Something went wrong' } })
      : route.fallback(),
  );
  const save = dialog.getByRole('button', { name: 'Add Rule' });
  await save.focus();
  await page.keyboard.press('Enter');

  await expectToast(page, 'Error', 'Something went wrong');
  // The button was disabled while the request ran, which took the focus from it; it is back.
  await expect(save).toBeEnabled();
  await expect(save).toBeFocused();
  await expect(dialog.getByLabel('Rule Description')).toHaveValue('Take profits at the target');

  await page.unroute('**/api/rules');
  await page.keyboard.press('Enter');
  await expect(dialog).toBeHidden();
  await expect.poll(() => shownRuleOrder(page)).toEqual(['Take profits at the target']);
});

test('a new attempt closes the last one’s error toast, so a field’s error stands alone', async ({
  page,
}) => {
  const dialog = await openAddRuleDialogAsNewTrader(page, 'Take profits at the target');
  const answers = [
    { status: 500, json: { message: 'Something went wrong' } },
    {
      status: 400,
      json: {
        message: 'Rule description is not allowed',
        issues: [{ path: 'description', message: 'Rule description is not allowed' }],
      },
    },
  ];
  await page.route('**/api/rules', (route) =>
    route.request().method() === 'POST'
      ? route.fulfill(answers.shift() ?? { status: 500, json: {} })
      : route.fallback(),
  );
  const save = dialog.getByRole('button', { name: 'Add Rule' });

  await save.click();
  await expectToast(page, 'Error', 'Something went wrong');
  await save.click();
  await expect(dialog.getByText('Rule description is not allowed')).toBeVisible();
  await expect(toastRegion(page).getByText('Something went wrong')).toHaveCount(0);
});
