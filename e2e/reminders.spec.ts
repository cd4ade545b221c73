import { expect, test, type Page } from '@playwright/test';
import { chosenOption, createRules, createTrader, holdRequests, logInWithForm } from './support.ts';

/** The clock is installed before the first page load, so every timer of the app is under test control. */
async function logInWithClock(page: Page) {
  await page.clock.install();
  const account = await createTrader(page.request);
  await logInWithForm(page, account);
}

function banner(page: Page) {
  return page.getByRole('region', { name: 'Rule reminders' });
}

test('the banner cycles through the rules with notes, one at a time, and wraps around', async ({
  page,
}) => {
  await logInWithClock(page);
  await createRules(page, [
    { description: 'Follow stop loss', notes: 'Set it before entry' },
    { description: 'No notes here' },
    { description: 'Size by risk', notes: 'One percent per trade' },
    { description: 'Journal every trade', notes: 'Screenshots too' },
  ]);
  await page.goto('/');

  const reminders = banner(page);
  await expect(reminders.getByText('Follow stop loss')).toBeVisible();
  await expect(reminders.getByText('Set it before entry')).toBeVisible();
  await expect(reminders.getByText('1/3', { exact: true })).toBeVisible();
  await expect(
    chosenOption(reminders.getByRole('combobox', { name: 'Reminder interval' })),
  ).toHaveText('5 minutes');
  // From here the page's time moves only when the test moves it: a timer the app sets after
  // one reminder, in its reaction to the change, must still be due at the next one.
  await page.clock.pauseAt(await page.evaluate(() => Date.now() + 100));

  await page.clock.fastForward('04:50');
  await expect(reminders.getByText('1/3', { exact: true })).toBeVisible();
  await page.clock.fastForward('00:10');
  await expect(reminders.getByText('Size by risk')).toBeVisible();
  await expect(reminders.getByText('One percent per trade')).toBeVisible();
  await expect(reminders.getByText('2/3', { exact: true })).toBeVisible();

  await page.clock.fastForward('05:00');
  await expect(reminders.getByText('Journal every trade')).toBeVisible();
  await expect(reminders.getByText('3/3', { exact: true })).toBeVisible();

  await page.clock.fastForward('05:00');
  await expect(reminders.getByText('Follow stop loss')).toBeVisible();
  await expect(reminders.getByText('1/3', { exact: true })).toBeVisible();
  await expect(reminders.getByText('No notes here')).toHaveCount(0);

  // Coming round on its own, a reminder is not read out: it would interrupt a screen reader.
  const live = reminders.locator('[aria-live]');
  await expect(live).toHaveAttribute('aria-live', 'off');

  // Buttons step through the reminders too, in both directions; a step is read out.
  await reminders.getByRole('button', { name: 'Previous reminder' }).click();
  await expect(reminders.getByText('3/3', { exact: true })).toBeVisible();
  await expect(live).toHaveAttribute('aria-live', 'polite');
  await reminders.getByRole('button', { name: 'Next reminder' }).click();
  await expect(reminders.getByText('1/3', { exact: true })).toBeVisible();
  await expect(reminders.getByText('Follow stop loss')).toBeVisible();

  // The next one that comes round on its own is quiet again.
  await page.clock.fastForward('05:00');
  await expect(reminders.getByText('2/3', { exact: true })).toBeVisible();
  await expect(live).toHaveAttribute('aria-live', 'off');
});

test('the chosen interval applies at once and is remembered after a reload', async ({ page }) => {
  await logInWithClock(page);
  await createRules(page, [
    { description: 'Wait for confirmation', notes: 'Two closes above the level' },
    { description: 'Stop after three losses', notes: 'Walk away for the day' },
  ]);
  await page.goto('/');

  const reminders = banner(page);
  await expect(reminders.getByText('1/2', { exact: true })).toBeVisible();
  const interval = reminders.getByRole('combobox', { name: 'Reminder interval' });
  await expect(interval.getByRole('option')).toHaveText([
    '3 minutes',
    '5 minutes',
    '10 minutes',
    '15 minutes',
  ]);
  await interval.selectOption({ label: '3 minutes' });
  await expect(chosenOption(interval)).toHaveText('3 minutes');

  await page.clock.fastForward('03:00');
  await expect(reminders.getByText('2/2', { exact: true })).toBeVisible();
  await expect(reminders.getByText('Stop after three losses')).toBeVisible();

  await page.reload();
  await expect(chosenOption(interval)).toHaveText('3 minutes');
  await expect(reminders.getByText('1/2', { exact: true })).toBeVisible();
  await page.clock.fastForward('03:00');
  await expect(reminders.getByText('2/2', { exact: true })).toBeVisible();

  // A value the banner does not offer is ignored in favour of the default.
  await page.evaluate(() => localStorage.setItem('rulekeeper.reminderIntervalMinutes', '7'));
  await page.reload();
  await expect(chosenOption(interval)).toHaveText('5 minutes');
});

test('without notes on any rule the banner says how to get reminders', async ({ page }) => {
  await logInWithClock(page);
  await createRules(page, [{ description: 'Trade the plan' }, { description: 'Respect news' }]);
  await page.goto('/');
  await expect(
    banner(page).getByText('Add notes to your trading rules to see reminders here'),
  ).toBeVisible();
  await expect(banner(page).getByText('Trade the plan')).toHaveCount(0);
});

test('the banner says it is loading until the rules arrive', async ({ page }) => {
  await logInWithClock(page);
  await createRules(page, [{ description: 'Trade the plan', notes: 'Write it the night before' }]);
  const release = await holdRequests(page, '**/api/rules');
  await page.goto('/');
  await expect(banner(page).getByText('Loading trading rules...')).toBeVisible();
  release();
  await expect(banner(page).getByText('Write it the night before')).toBeVisible();
  await expect(banner(page).getByText('1/1', { exact: true })).toBeVisible();
});

test('deleting the rule on show keeps the banner within the list', async ({ page }) => {
  await logInWithClock(page);
  await createRules(page, [
    { description: 'Plan the trade', notes: 'Entry, stop and target' },
    { description: 'Trade the plan', notes: 'No improvising' },
  ]);
  await page.goto('/');

  const reminders = banner(page);
  await reminders.getByRole('button', { name: 'Next reminder' }).click();
  await expect(reminders.getByText('2/2', { exact: true })).toBeVisible();

  await page.getByRole('button', { name: 'Delete rule: Trade the plan' }).click();
  await page
    .getByRole('alertdialog', { name: 'Are you sure?' })
    .getByRole('button', { name: 'Delete' })
    .click();
  await expect(reminders.getByText('1/1', { exact: true })).toBeVisible();
  await expect(reminders.getByText('Plan the trade')).toBeVisible();
});
