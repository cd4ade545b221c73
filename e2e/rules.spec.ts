import { expect, test } from '@playwright/test';
import {
  createRules,
  expectNoSeriousViolations,
  expectToast,
  logInAsNewTrader,
  logInNewTraderThroughApi,
  moveRuleDownWithKeyboard,
  pressEscape,
  shownRuleOrder,
} from './support.ts';

test('a trader adds, edits and deletes a rule through the dialogs', async ({ page }) => {
  await logInNewTraderThroughApi(page.request);
  await page.goto('/rules');
  await expect(page.getByRole('heading', { name: 'Trading Rules', level: 1 })).toBeVisible();
  await expect(page.getByText('Manage your trading discipline rules')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'About Trading Rules' })).toBeVisible();
  await expect(page.getByText('No trading rules defined yet.')).toBeVisible();

  // Add
  await page.getByRole('button', { name: 'Add New Rule' }).click();
  const addDialog = page.getByRole('dialog', { name: 'Add Trading Rule' });
  await expect(addDialog).toBeVisible();
  await expect(addDialog.getByLabel('Rule Description')).toHaveAttribute(
    'placeholder',
    'e.g., Follow stop loss on every trade',
  );
  await expect(
    addDialog.getByText('These notes will appear as reminders on your dashboard'),
  ).toBeVisible();
  await addDialog.getByLabel('Rule Description').fill('Follow stop loss on every trade');
  await addDialog.getByLabel('Additional Notes').fill('Set it before entry.\nNever widen it.');
  await addDialog.getByRole('button', { name: 'Add Rule' }).click();
  await expectToast(page, 'Success', 'Trading rule has been created');
  await expect(addDialog).toBeHidden();

  const row = page.getByRole('listitem').filter({ hasText: 'Follow stop loss on every trade' });
  await expect(row).toBeVisible();
  await expect(row.getByText('Notes:')).toBeVisible();
  // Line breaks in the notes are kept.
  await expect(row.getByText('Set it before entry.')).toHaveText(
    'Set it before entry.\nNever widen it.',
  );

  // Opening the add dialog again starts from empty fields.
  await page.getByRole('button', { name: 'Add Rule', exact: true }).click();
  await expect(addDialog.getByLabel('Rule Description')).toHaveValue('');
  await expect(addDialog.getByLabel('Additional Notes')).toHaveValue('');
  await addDialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(addDialog).toBeHidden();

  // Edit: the fields hold the rule; clearing the notes removes them.
  await page.getByRole('button', { name: 'Edit rule: Follow stop loss on every trade' }).click();
  const editDialog = page.getByRole('dialog', { name: 'Edit Trading Rule' });
  await expect(editDialog.getByLabel('Rule Description')).toHaveValue(
    'Follow stop loss on every trade',
  );
  await expect(editDialog.getByLabel('Additional Notes')).toHaveValue(
    'Set it before entry.\nNever widen it.',
  );
  await editDialog.getByLabel('Rule Description').fill('Always set a stop loss');
  await editDialog.getByLabel('Additional Notes').fill('   ');
  await editDialog.getByRole('button', { name: 'Update Rule' }).click();
  await expectToast(page, 'Success', 'Trading rule has been updated');
  await expect(editDialog).toBeHidden();
  const editedRow = page.getByRole('listitem').filter({ hasText: 'Always set a stop loss' });
  await expect(editedRow).toBeVisible();
  await expect(editedRow.getByText('Notes:')).toHaveCount(0);
  await expect.poll(() => shownRuleOrder(page)).toEqual(['Always set a stop loss']);

  // Delete: a click outside does not dismiss the confirmation; Cancel keeps the rule.
  await page.getByRole('button', { name: 'Delete rule: Always set a stop loss' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Are you sure?' });
  await expect(confirm).toContainText(
    'This action cannot be undone. This will permanently delete the trading rule "Always set a stop loss".',
  );
  await page.mouse.click(5, 5);
  await expect(confirm).toBeVisible();
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirm).toBeHidden();
  await expect(editedRow).toBeVisible();

  await page.getByRole('button', { name: 'Delete rule: Always set a stop loss' }).click();
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expectToast(page, 'Success', 'Trading rule has been deleted');
  await expect(confirm).toBeHidden();
  await expect(page.getByText('No trading rules defined yet.')).toBeVisible();

  await page.reload();
  await expect(page.getByText('No trading rules defined yet.')).toBeVisible();
});

test('a rule without a description is refused with a message beside the field', async ({
  page,
}) => {
  await logInNewTraderThroughApi(page.request);
  await page.goto('/rules');
  let posted = false;
  page.on('request', (request) => {
    if (request.method() === 'POST' && request.url().endsWith('/api/rules')) posted = true;
  });

  await page.getByRole('button', { name: 'Add Your First Rule' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Trading Rule' });
  await dialog.getByLabel('Rule Description').fill('   ');
  await dialog.getByLabel('Additional Notes').fill('Some notes');
  await dialog.getByRole('button', { name: 'Add Rule' }).click();
  await expect(dialog.getByText('Rule description is required')).toBeVisible();
  await expect(dialog.getByLabel('Rule Description')).toHaveAttribute('aria-invalid', 'true');
  await expect(dialog).toBeVisible();
  expect(posted).toBe(false);
});

test('the add button reads "Adding..." while the rule is saved, and a server refusal is shown', async ({
  page,
}) => {
  await logInNewTraderThroughApi(page.request);
  await page.goto('/rules');
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/rules', async (route) => {
    if (route.request().method() !== 'POST') return route.continue();
    await held;
    await route.fulfill({
      status: 409,
      json: { message: 'You can keep at most 100 trading rules' },
    });
  });

  await page.getByRole('button', { name: 'Add New Rule' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Trading Rule' });
  await dialog.getByLabel('Rule Description').fill('Trade only my setups');
  await dialog.getByRole('button', { name: 'Add Rule' }).click();
  await expect(dialog.getByRole('button', { name: 'Adding...' })).toBeDisabled();
  release();
  await expectToast(page, 'Error', 'You can keep at most 100 trading rules');
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel('Rule Description')).toHaveValue('Trade only my setups');
});

test('rules are reordered with the keyboard, and the order survives a reload', async ({ page }) => {
  await logInNewTraderThroughApi(page.request);
  await createRules(page, [
    { description: 'First rule' },
    { description: 'Second rule' },
    { description: 'Third rule' },
  ]);
  await page.goto('/rules');
  await expect
    .poll(() => shownRuleOrder(page))
    .toEqual(['First rule', 'Second rule', 'Third rule']);

  const saved = page.waitForResponse(
    (response) => response.url().endsWith('/api/rules/reorder') && response.ok(),
  );
  // 25 px a key: far enough to pass both other rows.
  await moveRuleDownWithKeyboard(page, 'First rule', { steps: 8, position: 3, of: 3 });
  await saved;
  await expect
    .poll(() => shownRuleOrder(page))
    .toEqual(['Second rule', 'Third rule', 'First rule']);

  await page.reload();
  await expect
    .poll(() => shownRuleOrder(page))
    .toEqual(['Second rule', 'Third rule', 'First rule']);
});

test('rules are reordered by dragging with the mouse, and the order survives a reload', async ({
  page,
}) => {
  await logInNewTraderThroughApi(page.request);
  await createRules(page, [
    { description: 'Alpha', notes: 'A rule with notes is taller' },
    { description: 'Bravo' },
    { description: 'Charlie' },
  ]);
  await page.goto('/rules');
  await expect.poll(() => shownRuleOrder(page)).toEqual(['Alpha', 'Bravo', 'Charlie']);

  const from = await page.getByRole('button', { name: 'Reorder rule: Charlie' }).boundingBox();
  const to = await page.getByRole('button', { name: 'Reorder rule: Alpha' }).boundingBox();
  if (!from || !to) throw new Error('The drag handles are not on screen');

  const saved = page.waitForResponse(
    (response) => response.url().endsWith('/api/rules/reorder') && response.ok(),
  );
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(to.x + to.width / 2, to.y + to.height / 2 - 10, { steps: 20 });
  await page.mouse.up();
  await saved;
  await expect.poll(() => shownRuleOrder(page)).toEqual(['Charlie', 'Alpha', 'Bravo']);
  // A drag is not a click: the handle's move menu stays shut.
  await expect(page.getByRole('menu')).toHaveCount(0);

  await page.reload();
  await expect.poll(() => shownRuleOrder(page)).toEqual(['Charlie', 'Alpha', 'Bravo']);
});

test('a click on the handle moves a rule without a drag, and says where it went', async ({
  page,
}) => {
  await logInNewTraderThroughApi(page.request);
  await createRules(page, [
    { description: 'Alpha' },
    { description: 'Bravo' },
    { description: 'Charlie' },
  ]);
  await page.goto('/rules');
  await expect.poll(() => shownRuleOrder(page)).toEqual(['Alpha', 'Bravo', 'Charlie']);

  const handle = page.getByRole('button', { name: 'Reorder rule: Charlie' });
  // Announced as what it is, a button with a menu, and how to pick the row up.
  await expect(handle).not.toHaveAttribute('aria-roledescription');
  await expect(handle).toHaveAttribute('aria-haspopup', 'menu');
  await expect(handle).toHaveAccessibleDescription(/Space or Enter/);
  await handle.click();
  const menu = page.getByRole('menu');
  // Opened by a click, no item looks chosen yet (the keyboard's opening is below).
  await expect(menu).toBeFocused();
  // The last row goes nowhere further down.
  await expect(menu.getByRole('menuitem', { name: 'Move down' })).toBeDisabled();
  await expect(menu.getByRole('menuitem', { name: 'Move to bottom' })).toBeDisabled();
  const saved = page.waitForResponse(
    (response) => response.url().endsWith('/api/rules/reorder') && response.ok(),
  );
  await menu.getByRole('menuitem', { name: 'Move up' }).click();
  await saved;
  await expect.poll(() => shownRuleOrder(page)).toEqual(['Alpha', 'Charlie', 'Bravo']);
  await expect(
    page.getByRole('status').filter({ hasText: 'Rule "Charlie" moved to position 2 of 3.' }),
  ).toBeAttached();
  await expect(handle).toBeFocused();

  await page.getByRole('button', { name: 'Reorder rule: Alpha' }).click();
  await expect(menu.getByRole('menuitem', { name: 'Move to top' })).toBeDisabled();
  await menu.getByRole('menuitem', { name: 'Move to bottom' }).click();
  await expect.poll(() => shownRuleOrder(page)).toEqual(['Charlie', 'Bravo', 'Alpha']);
  // Once it is saved: while an order saves, the handles open no menu.
  await expect(
    page.getByRole('status').filter({ hasText: 'Rule "Alpha" moved to position 3 of 3.' }),
  ).toBeAttached();

  // From the keyboard, the Down arrow opens it at its first item (Space and Enter still pick
  // the row up). The mouse leaves the page first: a menu item that opens under it would take
  // focus itself.
  await page.mouse.move(0, 0);
  await page.getByRole('button', { name: 'Reorder rule: Bravo' }).focus();
  await page.keyboard.press('ArrowDown');
  await expect(menu.getByRole('menuitem', { name: 'Move to top' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect.poll(() => shownRuleOrder(page)).toEqual(['Bravo', 'Charlie', 'Alpha']);
  await expect(page.getByRole('button', { name: 'Reorder rule: Bravo' })).toBeFocused();

  await page.reload();
  await expect.poll(() => shownRuleOrder(page)).toEqual(['Bravo', 'Charlie', 'Alpha']);
});

test('a reorder the server refuses puts the rules back and says so', async ({ page }) => {
  await logInAsNewTrader(page);
  await createRules(page, [{ description: 'One' }, { description: 'Two' }]);
  await page.route('**/api/rules/reorder', (route) =>
    route.fulfill({ status: 500, json: { message: 'Something went wrong' } }),
  );
  await page.goto('/rules');
  await expect.poll(() => shownRuleOrder(page)).toEqual(['One', 'Two']);

  await moveRuleDownWithKeyboard(page, 'One', { steps: 6, position: 2, of: 2 });
  await expectToast(page, 'Error', 'Something went wrong');
  await expect.poll(() => shownRuleOrder(page)).toEqual(['One', 'Two']);
});

test('a move from the handle’s menu that the server refuses is put back, and not announced', async ({
  page,
}) => {
  await logInNewTraderThroughApi(page.request);
  await createRules(page, [{ description: 'One' }, { description: 'Two' }]);
  await page.route('**/api/rules/reorder', (route) =>
    route.fulfill({ status: 500, json: { message: 'Something went wrong' } }),
  );
  await page.goto('/rules');
  await expect.poll(() => shownRuleOrder(page)).toEqual(['One', 'Two']);

  await page.getByRole('button', { name: 'Reorder rule: One' }).click();
  await page.getByRole('menuitem', { name: 'Move down' }).click();
  await expectToast(page, 'Error', 'Something went wrong');
  await expect.poll(() => shownRuleOrder(page)).toEqual(['One', 'Two']);
  await expect(page.getByRole('status').filter({ hasText: 'moved to position' })).toHaveCount(0);
});

test('a list that fails to load offers to try again', async ({ page }) => {
  await logInAsNewTrader(page);
  await createRules(page, [{ description: 'Wait for my setup' }]);
  await page.route('**/api/rules', (route) =>
    route.fulfill({ status: 500, json: { message: 'Something went wrong' } }),
  );
  await page.goto('/rules');
  await expect(page.getByText('Your trading rules could not be loaded.')).toBeVisible();

  await page.unroute('**/api/rules');
  await page.getByRole('button', { name: 'Try again' }).click();
  await expect.poll(() => shownRuleOrder(page)).toEqual(['Wait for my setup']);
});

test('rule text is shown as text, never run as markup', async ({ page }) => {
  await logInAsNewTrader(page);
  const markup = '<img src=x onerror=alert(1)>';
  await createRules(page, [{ description: '<b>Bold</b> claims', notes: markup }]);
  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });

  for (const path of ['/rules', '/']) {
    await page.goto(path);
    const row = page.getByRole('listitem').filter({ hasText: '<b>Bold</b> claims' });
    await expect(row.getByText(markup, { exact: true })).toBeVisible();
    await expect(page.locator('main img')).toHaveCount(0);
    await expect(page.locator('main b')).toHaveCount(0);
  }
  await expect(
    page.getByRole('region', { name: 'Rule reminders' }).getByText(markup, { exact: true }),
  ).toBeVisible();
  expect(dialogs).toEqual([]);
});

test("the dashboard shows the rules card, and a new rule is on the next session's checklist", async ({
  page,
}) => {
  const account = await logInAsNewTrader(page);
  await expect(
    page.getByRole('heading', { name: `${account.fullName} Trading Dashboard` }),
  ).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Your Trading Rules' })).toBeVisible();

  // From the keyboard: the button goes with the empty list it sat in.
  await page.getByRole('button', { name: 'Add Your First Rule' }).focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Add Trading Rule' });
  await dialog.getByLabel('Rule Description').fill('Risk at most 1% a trade');
  await dialog.getByRole('button', { name: 'Add Rule' }).click();
  await expectToast(page, 'Success', 'Trading rule has been created');
  await expect.poll(() => shownRuleOrder(page)).toEqual(['Risk at most 1% a trade']);
  // The keyboard goes on from the new rule, in the card, not from the top of the page.
  await expect(
    page.getByRole('button', { name: 'Reorder rule: Risk at most 1% a trade' }),
  ).toBeFocused();

  // The new rule is on the checklist of the next session.
  await page.getByRole('button', { name: 'New Session' }).click();
  const sessionDialog = page.getByRole('dialog', { name: 'New Trading Session' });
  await expect(
    sessionDialog.getByRole('checkbox', { name: 'Risk at most 1% a trade' }),
  ).not.toBeChecked();
});

test('the rules screens and dialogs have no serious accessibility violations', async ({ page }) => {
  await logInNewTraderThroughApi(page.request);
  await createRules(page, [
    { description: 'Follow stop loss on every trade', notes: 'Set it before entry' },
    { description: 'No trading during news' },
  ]);

  await page.goto('/rules');
  await expect.poll(() => shownRuleOrder(page)).toHaveLength(2);
  await expectNoSeriousViolations(page);

  await page.getByRole('button', { name: 'Edit rule: No trading during news' }).click();
  await expect(page.getByRole('dialog', { name: 'Edit Trading Rule' })).toBeVisible();
  await expectNoSeriousViolations(page);
  await pressEscape(page);

  await page.getByRole('button', { name: 'Delete rule: No trading during news' }).click();
  await expect(page.getByRole('alertdialog', { name: 'Are you sure?' })).toBeVisible();
  await expectNoSeriousViolations(page);
  await pressEscape(page);

  await page.goto('/');
  await expect(
    page.getByRole('region', { name: 'Rule reminders' }).getByText('1/1', { exact: true }),
  ).toBeVisible();
  await expectNoSeriousViolations(page);
});
