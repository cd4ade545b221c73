import { expect, test, type Locator } from '@playwright/test';
import {
  checklist,
  createSession,
  expectImageLoaded,
  openNewSessionDialog,
} from './session-support.ts';
import { createRules, holdRequests, logInAsNewTrader, waitForAnimationsToEnd } from './support.ts';

/**
 * A part of a screen that is read on its own shows a placeholder of its loaded shape until it
 * comes, so that the controls below it stay where they are: a smaller placeholder moved them
 * as it was replaced, under the pointer of a trader about to press one. Each test holds one
 * read back, measures a control below it, lets the read go and measures again
 * (docs/decisions/0078-placeholders-of-the-loaded-shape.md).
 */
const FOUR_RULES = [
  { description: 'Size by risk' },
  { description: 'Wait for the setup' },
  { description: 'No revenge trades' },
  { description: 'Stop after three losses' },
];

const pageTop = (control: Locator) =>
  control.evaluate((element) => Math.round(element.getBoundingClientRect().top + scrollY));

/** A desktop and a phone: the cards' columns differ, and so do their lines' wraps. */
const SCREENS = [
  ['a desktop', 1280],
  ['a phone', 390],
] as const;

/** Within a pixel or two: a line of text and its placeholder may differ by a fraction. */
async function expectStill(control: Locator, before: number) {
  expect(Math.abs((await pageTop(control)) - before)).toBeLessThanOrEqual(2);
}

for (const [screen, width] of SCREENS) {
  test(`the market sessions arriving leave the Session Reminders Save button where it was, on ${screen}`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: 900 });
    await logInAsNewTrader(page);
    const release = await holdRequests(page, '**/api/session-types');
    await page.goto('/settings');
    const card = page.getByRole('region', { name: 'Session Reminders' });
    const save = card.getByRole('button', { name: 'Save Reminder Settings' });
    await expect(card.getByLabel('Loading sessions')).toBeVisible({ timeout: 20_000 });
    const before = await pageTop(save);
    release();
    await expect(card.getByRole('checkbox', { name: /^London \(/ })).toBeVisible();
    await expectStill(save, before);
  });
}

for (const [screen, width] of SCREENS) {
  test(`the streaks and the weakest rule arriving leave the dashboard's rules list where it was, on ${screen}`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: 900 });
    await logInAsNewTrader(page);
    await createRules(page, FOUR_RULES);
    for (const [index, date] of ['2026-12-01', '2026-12-02', '2026-12-03'].entries()) {
      await createSession(page, {
        name: `Session ${index + 1}`,
        date,
        rulesFollowed: await checklist(page, index + 1),
      });
    }
    const release = await holdRequests(page, /\/api\/discipline\//);
    await page.goto('/');
    const addRule = page.getByRole('button', { name: 'Add Rule' }).first();
    await expect(page.getByRole('status', { name: 'Loading streaks' })).toBeAttached({
      timeout: 20_000,
    });
    await expect(page.getByRole('status', { name: 'Loading weakest rule' })).toBeVisible();
    await expect(addRule).toBeVisible();
    const before = await pageTop(addRule);
    release();
    await expect(page.getByRole('list', { name: 'Current run per rule' })).toBeVisible();
    const weakest = page.getByRole('region', { name: 'Weakest Rule' });
    await expect(weakest.getByRole('link', { name: 'View in Analytics' })).toBeVisible();
    await expectStill(addRule, before);
  });
}

test("a screenshot arriving leaves the Session Screenshot dialog's Close button where it was", async ({
  page,
}) => {
  await logInAsNewTrader(page);
  await createSession(page, { name: 'London breakout', date: '2026-12-01', withScreenshot: true });
  await page.goto('/history');
  // The full image only: the table's thumbnail comes as it does.
  const release = await holdRequests(page, /\/api\/screenshots\/[^/]+$/);
  await page.getByRole('button', { name: 'View screenshot of London breakout' }).click();
  const dialog = page.getByRole('dialog', { name: 'Session Screenshot' });
  const close = dialog.getByRole('button', { name: 'Close', exact: true });
  await waitForAnimationsToEnd(page);
  const before = await pageTop(close);
  release();
  await expectImageLoaded(dialog.getByRole('img', { name: 'London breakout' }));
  await expectStill(close, before);
});

test("the rules arriving leave the New Trading Session dialog's fields below the checklist where they were", async ({
  page,
}) => {
  await logInAsNewTrader(page);
  await createRules(page, [
    { description: 'Size by risk' },
    { description: 'Wait for the setup' },
    { description: 'No revenge trades' },
  ]);
  // The history does not read the rules: the dialog is the first to ask for them.
  await page.goto('/history');
  const release = await holdRequests(page, '**/api/rules');
  const dialog = await openNewSessionDialog(page);
  await expect(dialog.getByRole('status', { name: 'Loading trading rules' })).toBeVisible();
  const notes = dialog.getByLabel('Notes');
  await waitForAnimationsToEnd(page);
  const before = await pageTop(notes);
  release();
  await expect(dialog.getByRole('checkbox', { name: 'No revenge trades' })).toBeVisible();
  await expectStill(notes, before);
});

test("this browser's login arriving leaves the settings' buttons below Active logins where they were", async ({
  page,
}) => {
  await logInAsNewTrader(page);
  const release = await holdRequests(page, '**/api/auth/logins');
  await page.goto('/settings');
  await expect(page.getByRole('status', { name: 'Loading active logins' })).toBeVisible({
    timeout: 20_000,
  });
  // The market sessions above are read on their own: they come first.
  await expect(page.getByRole('checkbox', { name: /^London \(/ })).toBeVisible();
  const logOutElsewhere = page.getByRole('button', { name: 'Log out everywhere else' });
  const before = await pageTop(logOutElsewhere);
  release();
  await expect(page.getByText('This device', { exact: true })).toBeVisible();
  await expectStill(logOutElsewhere, before);
});

test('the figures arriving leave the analytics cards below the charts where they were', async ({
  page,
}) => {
  await logInAsNewTrader(page);
  // Four rules: as many as the placeholders of Rule Compliance Details stand for.
  await createRules(page, FOUR_RULES);
  await createSession(page, {
    name: 'Session 1',
    date: '2026-12-01',
    rulesFollowed: await checklist(page, 2),
  });
  const release = await holdRequests(page, '**/api/analytics?*');
  await page.goto('/analytics');
  // What is read on its own below the charts comes first.
  await expect(page.getByRole('list', { name: 'Current run per rule' })).toBeVisible({
    timeout: 20_000,
  });
  await expect(page.getByRole('status', { name: 'Loading discipline calendar' })).toHaveCount(0);
  await expect(page.getByRole('status', { name: 'Loading chart' })).toHaveCount(2);
  const streaks = page.getByRole('heading', { name: 'Streaks' });
  const before = await pageTop(streaks);
  release();
  await expect(page.getByRole('button', { name: 'Show as table' })).toHaveCount(2);
  await expect(page.getByRole('status', { name: 'Loading chart' })).toHaveCount(0);
  await expectStill(streaks, before);
});
