import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { expect, test, type Page } from '@playwright/test';
import { checklist, createSession, getSessionTypes } from './session-support.ts';
import { createRules, expectNoSeriousViolations, logInAsNewTrader } from './support.ts';

/**
 * The week the journeys' sessions fall in: Monday 1 to Sunday 7 January 2001, far from any
 * other journey's dates, so the jobs run for it write notices for these traders only.
 */
const WEEK = { wednesday: '2001-01-03', friday: '2001-01-05' };
const MONDAY_MORNING = '2001-01-08T09:00:00Z';

/** The notice jobs, once, on the e2e server's database, with the clock at `now`. */
async function runNoticeJobs(now: string) {
  await promisify(execFile)('node_modules/.bin/tsx', ['scripts/e2e-notice-jobs.ts', now], {
    env: process.env,
    timeout: 60_000,
  });
}

/** Reloads the page and waits until the dashboard has its notices from the server. */
async function reloadWithNotices(page: Page) {
  await Promise.all([
    page.waitForResponse((response) => new URL(response.url()).pathname === '/api/notices'),
    page.reload(),
  ]);
}

// One journey at a time: a run of the jobs writes the reports of every trader with sessions in
// the week, so a run in a parallel journey could catch this one's trader half-seeded. Each run
// starts a small Node process: more than the default 30 s on a busy machine.
test.describe.configure({ mode: 'serial', timeout: 120_000 });

/**
 * A trader with three rules and two sessions in the week: one at 100% (+2 R), one at 0%. Their
 * 30-day figure is 50%: the jobs write a weekly report and a low-compliance alert.
 */
async function seedWeek(page: Page) {
  await logInAsNewTrader(page);
  await createRules(page, [
    { description: 'Wait for the <retest> & confirm' },
    { description: 'Risk at most 1%' },
    { description: 'No trades after two losses' },
  ]);
  const [sessionType] = await getSessionTypes(page);
  const created = await page.request.post('/api/sessions', {
    data: {
      name: 'Wednesday breakout',
      date: WEEK.wednesday,
      sessionTypeId: sessionType?.id,
      rulesFollowed: await checklist(page, 3),
      notes: null,
      resultR: 2,
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const best = ((await created.json()) as { session: { id: number } }).session;
  const worst = await createSession(page, {
    name: 'Friday chase',
    date: WEEK.friday,
    rulesFollowed: await checklist(page, 0),
  });
  await runNoticeJobs(MONDAY_MORNING);
  await reloadWithNotices(page);
  return { best, worst };
}

test('the weekly report appears on the dashboard, links its sessions and goes once dismissed', async ({
  page,
}) => {
  const { best, worst } = await seedWeek(page);
  const card = page.getByRole('region', { name: 'Weekly Discipline Report' });
  await expect(card).toBeVisible();
  await expect(card.getByText('The week of 1–7 Jan 2001')).toBeVisible();
  const figure = (label: string) =>
    card.getByRole('term').filter({ hasText: label }).locator('xpath=following-sibling::dd[1]');
  await expect(figure('Sessions')).toHaveText('2');
  await expect(figure('Compliance')).toContainText('50%');
  await expect(figure('Compliance')).toContainText('3/6 rules followed');
  await expect(figure('Streak at 100%')).toHaveText('0 sessions (longest 1)');
  await expect(figure('Weakest rule (30 days)')).toContainText('Wait for the <retest> & confirm');
  await expect(figure('Best session')).toContainText('+2.00R');
  await expect(card.getByRole('link', { name: 'Wednesday breakout' })).toHaveAttribute(
    'href',
    `/history/${best.id}`,
  );
  await expect(card.getByRole('link', { name: 'Friday chase' })).toHaveAttribute(
    'href',
    `/history/${worst.id}`,
  );

  // The link opens the session's details.
  await card.getByRole('link', { name: 'Wednesday breakout' }).click();
  await expect(page).toHaveURL(new RegExp(`/history/${best.id}$`));
  await expect(page.getByRole('heading', { name: 'Session Details' })).toBeVisible();
  await expect(page.getByText('Wednesday breakout')).toBeVisible();

  // Running the jobs again (a restart) writes nothing new.
  await runNoticeJobs(MONDAY_MORNING);
  await page.goto('/');
  await expect(card).toBeVisible();
  await expect(page.getByRole('region', { name: 'Weekly Discipline Report' })).toHaveCount(1);

  await card.getByRole('button', { name: 'Dismiss' }).click();
  await expect(card).toBeHidden();
  await reloadWithNotices(page);
  await expect(page.getByRole('region', { name: 'Weekly Discipline Report' })).toHaveCount(0);
});

test('the low-compliance alert is a banner until dismissed', async ({ page }) => {
  await seedWeek(page);
  const banner = page.getByRole('status').filter({ hasText: 'Your 30-day compliance is' });
  await expect(banner).toHaveText(/Your 30-day compliance is 50%, below 70%/);
  await page.getByRole('button', { name: 'Dismiss the low-compliance alert' }).click();
  await expect(banner).toBeHidden();
  await reloadWithNotices(page);
  await expect(page.getByRole('region', { name: 'Weekly Discipline Report' })).toBeVisible();
  await expect(page.getByText('Your 30-day compliance is')).toHaveCount(0);
});

test('the dashboard with the weekly report and the alert has no serious accessibility violations', async ({
  page,
}) => {
  await seedWeek(page);
  const report = page.getByRole('region', { name: 'Weekly Discipline Report' });
  const alert = page.getByRole('status').filter({ hasText: 'Your 30-day compliance is' });
  await expect(report).toBeVisible();
  await expect(alert).toHaveText(/Your 30-day compliance is 50%, below 70%/);
  // The two notices: the rest of the dashboard is scanned by its own specs.
  await expectNoSeriousViolations(page, [report, alert]);
});
