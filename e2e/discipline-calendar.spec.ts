import { expect, test, type Page } from '@playwright/test';
import { daysBefore } from './analytics-support.ts';
import { checklist, createSession, localToday } from './session-support.ts';
import { createRules, expectNoSeriousViolations, logInNewTraderThroughApi } from './support.ts';

const RULES = ['Wait for the retest', 'Risk 1% at most', 'No trades after news', 'Log it'];
const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

/** '14 March 2026', as the calendar names its days. */
function longDate(day: string) {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return `${date} ${MONTHS[month - 1]} ${year}`;
}

function card(page: Page, title: string) {
  return page.getByRole('region', { name: title });
}

function calendar(page: Page) {
  return page.getByRole('grid', { name: 'Discipline calendar, last 12 months' });
}

/** The history's session names, top to bottom. */
function historyNames(page: Page) {
  return page.getByRole('table', { name: 'Trading Sessions' }).getByRole('rowheader');
}

/**
 * Sessions on chosen days before today: three days ago two (4 of 4 and 2 of 4: 75%, amber),
 * ten days ago one at 100% (green), forty days ago one at 25% (red), and one the day before
 * the amber day that must not show with it.
 */
async function seedDays(page: Page) {
  await createRules(
    page,
    RULES.map((description) => ({ description })),
  );
  const today = await localToday(page);
  const days = {
    amber: daysBefore(today, 3),
    green: daysBefore(today, 10),
    red: daysBefore(today, 40),
    before: daysBefore(today, 4),
  };
  await createSession(page, {
    name: 'Amber morning',
    date: days.amber,
    rulesFollowed: await checklist(page, 4),
  });
  await createSession(page, {
    name: 'Amber afternoon',
    date: days.amber,
    rulesFollowed: await checklist(page, 2),
  });
  await createSession(page, {
    name: 'Green day',
    date: days.green,
    rulesFollowed: await checklist(page, 4),
  });
  await createSession(page, {
    name: 'Red day',
    date: days.red,
    rulesFollowed: await checklist(page, 1),
  });
  await createSession(page, {
    name: 'The day before',
    date: days.before,
    rulesFollowed: await checklist(page, 3),
  });
  return { today, days };
}

test('the calendar shows each day’s band, and a day opens exactly its sessions', async ({
  page,
}) => {
  await logInNewTraderThroughApi(page.request);
  const { today, days } = await seedDays(page);
  await page.goto('/analytics');

  const grid = calendar(page);
  const amber = grid.getByRole('link', { name: `${longDate(days.amber)}: 2 sessions, 75%, amber` });
  const green = grid.getByRole('link', { name: `${longDate(days.green)}: 1 session, 100%, green` });
  await expect(amber).toBeVisible();
  await expect(green).toBeVisible();
  await expect(
    grid.getByRole('link', { name: `${longDate(days.red)}: 1 session, 25%, red` }),
  ).toBeAttached();
  await expect(
    grid.getByRole('link', { name: `${longDate(days.before)}: 1 session, 75%, amber` }),
  ).toBeAttached();
  // Days without sessions are there, grey and named, but lead nowhere.
  await expect(grid.getByRole('link')).toHaveCount(4);
  await expect(grid.getByLabel(`${longDate(today)}: no sessions`)).toBeAttached();

  // The tooltip says the same as the name.
  await amber.hover();
  const tooltip = page.getByTestId('calendar-tooltip');
  await expect(tooltip).toContainText(longDate(days.amber));
  await expect(tooltip).toContainText('2 sessions, 75%');
  await expect(tooltip).toContainText('Amber: Needs attention');
  // Escape puts it away, the pointer where it was; the next day under the pointer brings it back.
  await page.keyboard.press('Escape');
  await expect(tooltip).toHaveCount(0);
  await green.hover();
  await expect(tooltip).toContainText(longDate(days.green));
  await amber.hover();
  await expect(tooltip).toContainText(longDate(days.amber));

  // A click opens the history filtered to that day: exactly its two sessions.
  await amber.click();
  await expect(page).toHaveURL(new RegExp(`/history\\?from=${days.amber}&to=${days.amber}$`));
  await expect(historyNames(page)).toHaveText(['Amber afternoon', 'Amber morning'], {
    useInnerText: true,
  });

  // The keyboard: the grid's one tab stop is the latest day with sessions; ← goes a week back.
  await page.goBack();
  await expect(amber).toHaveAttribute('tabindex', '0');
  await amber.focus();
  await page.keyboard.press('ArrowLeft');
  await expect(green).toBeFocused();
  await expect(green).toHaveAttribute('tabindex', '0');
  await expect(amber).toHaveAttribute('tabindex', '-1');
  await page.keyboard.press('ArrowDown');
  await expect(grid.getByLabel(`${longDate(daysBefore(today, 9))}: no sessions`)).toBeFocused();
  await page.keyboard.press('ArrowUp');
  await expect(green).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/history\\?from=${days.green}&to=${days.green}$`));
  await expect(historyNames(page)).toHaveText(['Green day']);
});

test('the streak and weakest-rule cards show the API’s figures', async ({ page }) => {
  await logInNewTraderThroughApi(page.request);
  await createRules(
    page,
    RULES.map((description) => ({ description })),
  );
  await page.goto('/');
  // Nothing recorded: no praise for a month with nothing in it.
  await expect(card(page, 'Weakest Rule')).toContainText('No rules checked in the last 30 days.');
  await expect(card(page, 'Weakest Rule')).not.toContainText('Keep it that way.');

  const today = await localToday(page);
  const all = await checklist(page, 4);
  // Every rule followed in the 30 days: a clean month.
  await createSession(page, { name: 'Clean', date: daysBefore(today, 25), rulesFollowed: all });
  await page.reload();
  await expect(card(page, 'Weakest Rule')).toContainText('No rule broken in the last 30 days.');
  await expect(card(page, 'Weakest Rule')).toContainText('Keep it that way.');

  // With the clean session, an older perfect run of 4, a break, a perfect run of 2, and a
  // break; rule 4 broken twice.
  for (const [offset, followed] of [
    [20, 4],
    [19, 4],
    [18, 4],
    [12, 3],
    [5, 4],
    [2, 4],
    [1, 3],
  ] as const) {
    await createSession(page, {
      name: `Session ${offset}`,
      date: daysBefore(today, offset),
      rulesFollowed: all.map((item, index) => ({ ...item, followed: index < followed })),
    });
  }

  const streaks = (await (await page.request.get('/api/discipline/streaks')).json()).streaks as {
    perfect: { current: number; longest: number };
    excellent: { current: number; longest: number };
    rules: { ruleId: number; description: string; current: number }[];
  };
  const weakest = (
    await (await page.request.get(`/api/discipline/weakest-rule?today=${today}`)).json()
  ).weakestRule as {
    ruleId: number;
    description: string;
    complianceRate: number;
    brokenCount: number;
    totalCount: number;
  };
  expect(streaks.perfect).toEqual({ current: 0, longest: 4 });
  expect(weakest).toMatchObject({ description: 'Log it', brokenCount: 2, totalCount: 8 });

  await page.reload();
  const streaksCard = card(page, 'Streaks');
  const figure = (label: string) =>
    streaksCard.getByText(label, { exact: true }).locator('xpath=following-sibling::dd');
  await expect(figure('Current at 100%')).toHaveText(`${streaks.perfect.current} sessions`);
  await expect(figure('Longest at 100%')).toHaveText(`${streaks.perfect.longest} sessions`);
  await expect(figure('Current at 90% or more')).toHaveText(
    `${streaks.excellent.current} sessions`,
  );
  await expect(figure('Longest at 90% or more')).toHaveText(
    `${streaks.excellent.longest} sessions`,
  );

  const weakestCard = card(page, 'Weakest Rule');
  await expect(weakestCard).toContainText(weakest.description);
  await expect(weakestCard).toContainText(`${weakest.complianceRate}%`);
  await expect(weakestCard).toContainText(
    `Broken in ${weakest.brokenCount} of ${weakest.totalCount} sessions`,
  );

  // Its link opens analytics over the last 30 days with that rule's details in focus.
  await weakestCard.getByRole('link', { name: 'View in Analytics' }).click();
  await expect(page).toHaveURL(new RegExp(`/analytics\\?range=30d&rule=${weakest.ruleId}$`));
  const details = card(page, 'Rule Compliance Details');
  const outlined = details.locator('li[aria-current="true"]');
  await expect(outlined).toContainText(weakest.description);
  await expect(outlined).toBeFocused();

  // Analytics lists every rule's current run, in the trader's rule order.
  const runs = card(page, 'Streaks').getByRole('list', { name: 'Current run per rule' });
  await expect(runs.getByRole('listitem')).toHaveText(
    streaks.rules.map(
      (rule) =>
        `${rule.description}${rule.current === 1 ? '1 session' : `${rule.current} sessions`}`,
    ),
  );
});

test.describe('no serious accessibility violations', () => {
  test('on the dashboard with the streak and weakest-rule cards (accessibility violations)', async ({
    page,
  }) => {
    await logInNewTraderThroughApi(page.request);
    await seedDays(page);
    await page.goto('/');
    await expect(card(page, 'Weakest Rule')).toContainText('Broken in');
    await expect(card(page, 'Streaks').getByText('Current at 100%')).toBeVisible();
    await expectNoSeriousViolations(page);
  });

  test('on analytics with the calendar and the streaks (accessibility violations)', async ({
    page,
  }) => {
    // The calendar and the streaks only: the whole analytics page is scanned by its own tests.
    await logInNewTraderThroughApi(page.request);
    await seedDays(page);
    await page.goto('/analytics');
    await expect(calendar(page).getByRole('link')).toHaveCount(4);
    const streaks = card(page, 'Streaks');
    await expect(streaks.getByText('Current at 100%')).toBeVisible();
    await expectNoSeriousViolations(page, [card(page, 'Discipline Calendar'), streaks]);
  });
});

test('a month whose broken rules were all deleted since is no clean month on the Weakest Rule card', async ({
  page,
}) => {
  await logInNewTraderThroughApi(page.request);
  await createRules(page, [
    { description: 'Kept and followed' },
    { description: 'Broken, then deleted' },
  ]);
  // The first rule followed, the second broken; then the second is deleted.
  const items = await checklist(page, 1);
  await createSession(page, {
    name: 'One broken',
    date: await localToday(page),
    rulesFollowed: items,
  });
  const deleted = items[1]!.ruleId;
  expect((await page.request.delete(`/api/rules/${deleted}`)).status()).toBe(200);

  await page.goto('/');
  const weakest = card(page, 'Weakest Rule');
  await expect(weakest).toContainText(
    'Only rules you have deleted since were broken in the last 30 days.',
  );
  await expect(weakest).toContainText('Your current rules were all followed.');
  await expect(weakest).not.toContainText('Keep it that way.');
});

test('a page left open past midnight ends its calendar on the new day', async ({ page }) => {
  await logInNewTraderThroughApi(page.request);
  const today = await localToday(page);
  const yesterday = daysBefore(today, 1);
  await createSession(page, { name: 'Just after midnight', date: today });
  // The page opens a minute before midnight, by the browser's clock: yesterday is its today.
  await page.clock.install({ time: new Date(`${yesterday}T23:59:00`) });
  await page.goto('/analytics');
  const grid = calendar(page);
  await expect(grid.getByLabel(`${longDate(yesterday)}: no sessions`)).toBeAttached();
  await expect(grid.getByRole('link', { name: new RegExp(longDate(today)) })).toHaveCount(0);

  // Past midnight, the figures are asked again (the window regains focus): the calendar's last
  // day is the new one, with its session.
  await page.clock.runFor('02:00');
  await page.evaluate(() => window.dispatchEvent(new Event('focus')));
  await expect(
    grid.getByRole('link', { name: `${longDate(today)}: 1 session, 0%, red` }),
  ).toBeAttached();
});
