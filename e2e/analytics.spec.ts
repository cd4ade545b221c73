import { expect, test, type Page } from '@playwright/test';
import {
  bandFill,
  bandLabel,
  daysBefore,
  fetchAnalytics,
  fills,
  seedDisciplineHistory,
  SEEDED_RULES,
  tableRows,
  type AnalyticsAnswer,
} from './analytics-support.ts';
import { checklist, createSession, localToday } from './session-support.ts';
import {
  chosenOption,
  createRules,
  expectNoSeriousViolations,
  holdRequests,
  logInAsNewTrader,
  logInWithForm,
  createTrader,
} from './support.ts';

function card(page: Page, title: string) {
  return page.getByRole('region', { name: title });
}

/** Opens a chart card's table view and answers the table. */
async function openTable(page: Page, cardTitle: string, tableName: string) {
  const toggle = card(page, cardTitle).getByRole('button', { name: 'Show as table' });
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  const table = card(page, cardTitle).getByRole('table', { name: tableName });
  await expect(table).toBeVisible();
  return table;
}

/** The analytics page's figures equal the API's answer, in every card. */
async function expectAnalyticsPageShows(page: Page, analytics: AnalyticsAnswer) {
  await expect(
    card(page, 'Overall Compliance').getByRole('meter', { name: 'Overall compliance' }),
  ).toHaveAttribute('aria-valuenow', String(analytics.overallCompliance));
  await expect(card(page, 'Overall Compliance')).toContainText(`${analytics.overallCompliance}%`);

  const details = card(page, 'Rule Compliance Details').getByRole('listitem');
  await expect(details).toHaveCount(analytics.ruleCompliance.length);
  for (const [index, rule] of analytics.ruleCompliance.entries()) {
    const item = details.nth(index);
    await expect(item).toContainText(rule.description);
    await expect(item).toContainText(`${rule.complianceRate}%`);
    await expect(item).toContainText(
      `Followed ${rule.followedCount} out of ${rule.totalCount} times`,
    );
    await expect(item.getByRole('progressbar', { name: rule.description })).toHaveAttribute(
      'aria-valuenow',
      String(rule.complianceRate),
    );
  }
}

test.describe('with a seeded history', () => {
  let today: string;

  test.beforeEach(async ({ page }) => {
    await logInAsNewTrader(page);
    today = await seedDisciplineHistory(page);
  });

  test('a trader sees on the dashboard and the analytics page the figures the API answers', async ({
    page,
  }) => {
    // The dashboard: the 30 days ending today, and the rules over all history.
    const dashboard = await fetchAnalytics(page, { today });
    await page.goto('/');
    const overall = card(page, 'Overall Compliance');
    await expect(
      overall.getByRole('img', {
        name: `Compliance ${dashboard.overallCompliance}%`,
        exact: false,
      }),
    ).toBeVisible();
    await expect(overall.getByText('Your discipline rating over the last 30 days')).toBeVisible();
    await expect(overall.getByText('Rules Followed')).toBeVisible();
    await expect(
      overall.getByText(`${dashboard.followedCount}/${dashboard.totalCount}`, { exact: true }),
    ).toBeVisible();

    const ruleCard = card(page, 'Rule Compliance');
    const top = dashboard.ruleCompliance.slice(0, 4);
    await expect(ruleCard.getByRole('listitem')).toHaveCount(top.length);
    for (const [index, rule] of top.entries()) {
      const item = ruleCard.getByRole('listitem').nth(index);
      await expect(item).toContainText(rule.description);
      await expect(item).toContainText(`${rule.complianceRate}%`);
      await expect(item.getByRole('progressbar', { name: rule.description })).toHaveAttribute(
        'aria-valuenow',
        String(rule.complianceRate),
      );
    }

    // 'View All Rules' leads to the analytics page: all time, up to today.
    await ruleCard.getByRole('link', { name: 'View All Rules' }).click();
    await expect(page).toHaveURL(/\/analytics$/);
    await expect(page.getByRole('heading', { name: 'Analytics', level: 1 })).toBeVisible();
    await expect(page.getByText('Analyze your trading discipline and performance')).toBeVisible();
    await expect(chosenOption(page.getByRole('combobox', { name: 'Range' }))).toHaveText(
      'All time',
    );
    const allTime = await fetchAnalytics(page, { to: today, today });
    await expectAnalyticsPageShows(page, allTime);
    await expect(card(page, 'Overall Compliance')).toContainText(
      'Your overall trading discipline rating',
    );

    const ruleTable = await openTable(
      page,
      'Trading Rule Analysis',
      'Trading Rule Compliance Analysis',
    );
    await expect
      .poll(() => tableRows(ruleTable))
      .toEqual(
        allTime.ruleCompliance.map((rule) => [
          rule.description,
          `${rule.complianceRate}%\n${bandLabel(rule.complianceRate)}`,
          `${rule.followedCount} of ${rule.totalCount}`,
        ]),
      );
    const monthTable = await openTable(
      page,
      'Monthly Compliance Trends',
      'Monthly Compliance Trends',
    );
    await expect
      .poll(() => tableRows(monthTable))
      .toEqual(
        allTime.monthlyTrends.map((month) => [
          month.month,
          `${month.averageCompliance}%\n${bandLabel(month.averageCompliance)}`,
          String(month.totalSessions),
        ]),
      );
  });

  test('the charts draw a bar per rule and a point per month in their band colours', async ({
    page,
  }) => {
    const analytics = await fetchAnalytics(page, { to: today, today });
    await page.goto('/analytics');

    const barCard = card(page, 'Trading Rule Analysis');
    await expect(
      barCard.getByRole('heading', { name: 'Trading Rule Compliance Analysis' }),
    ).toBeVisible();
    const bars = barCard.locator('.recharts-bar-rectangle path');
    await expect(bars).toHaveCount(analytics.ruleCompliance.length);
    await expect
      .poll(() => fills(bars))
      .toEqual(analytics.ruleCompliance.map((rule) => bandFill(rule.complianceRate)));
    // Every band shows up in this history, so the colours cannot all be one.
    expect(new Set(await fills(bars)).size).toBe(3);
    // Labels cut at 20 characters, highest rate first; the axis runs from 0 to 100.
    await expect(
      barCard.locator('.recharts-xAxis-tick-labels .recharts-cartesian-axis-tick-value'),
    ).toHaveText(
      analytics.ruleCompliance.map((rule) =>
        rule.description.length > 20 ? `${rule.description.slice(0, 20)}...` : rule.description,
      ),
    );
    await expect(
      barCard.locator('.recharts-yAxis-tick-labels .recharts-cartesian-axis-tick-value'),
    ).toHaveText(['0%', '25%', '50%', '75%', '100%']);
    await expect(
      barCard.getByText(/^4 rules: 1 on track, 2 needing attention, 1 off track\./),
    ).toBeVisible();

    const lineCard = card(page, 'Monthly Compliance Trends');
    const points = lineCard.locator('g.recharts-line-dots circle');
    await expect(points).toHaveCount(analytics.monthlyTrends.length);
    await expect
      .poll(() => fills(points))
      .toEqual(analytics.monthlyTrends.map((month) => bandFill(month.averageCompliance)));

    // The tooltip of a month names it, its average with the band in words, and its sessions:
    // under the pointer, and from the keyboard (the chart takes the focus at its first month;
    // arrow keys step from month to month).
    const tooltip = lineCard.locator('.recharts-tooltip-wrapper');
    const expectTooltipOf = async (month: AnalyticsAnswer['monthlyTrends'][number]) => {
      await expect(tooltip).toContainText(month.month);
      await expect(tooltip).toContainText(
        `${month.averageCompliance}% · ${bandLabel(month.averageCompliance)}`,
      );
      await expect(tooltip).toContainText(
        month.totalSessions === 1 ? '1 session' : `${month.totalSessions} sessions`,
      );
    };
    const [first, second] = analytics.monthlyTrends;
    const latest = analytics.monthlyTrends.at(-1);
    if (!first || !second || !latest) throw new Error('The seeded history spans several months');
    await points.last().hover();
    await expectTooltipOf(latest);

    await page.mouse.move(0, 0);
    const lineChart = lineCard.getByRole('application', { name: 'Monthly Compliance Trends' });
    await lineChart.focus();
    await expectTooltipOf(first);
    await page.keyboard.press('ArrowRight');
    await expectTooltipOf(second);
    await page.keyboard.press('ArrowLeft');
    await expectTooltipOf(first);
  });

  test('the charts are drawn once, in their final shape, without measuring labels word by word', async ({
    page,
  }) => {
    // Before any script: every shape a bar and the line take, and every text recharts measures
    // in its hidden element (each measurement a forced layout of the whole page).
    await page.addInitScript(() => {
      const seen = { bars: new Set<string>(), lines: new Set<string>(), measured: [] as string[] };
      (window as unknown as { chartDrawing: typeof seen }).chartDrawing = seen;
      const record = (node: Node) => {
        if (!(node instanceof Element)) return;
        for (const bar of node.querySelectorAll('.recharts-bar-rectangle path')) {
          seen.bars.add(bar.getAttribute('d') ?? '');
        }
        for (const line of node.querySelectorAll('path.recharts-line-curve')) {
          seen.lines.add(`${line.getAttribute('d')} ${line.getAttribute('stroke-dasharray')}`);
        }
      };
      new MutationObserver((mutations) => {
        for (const mutation of mutations) record(mutation.target);
      }).observe(document, { subtree: true, childList: true, attributes: true });
      const measure = Element.prototype.getBoundingClientRect;
      Element.prototype.getBoundingClientRect = function (this: Element) {
        if (this.id === 'recharts_measurement_span') seen.measured.push(this.textContent ?? '');
        return measure.call(this);
      };
    });
    const analytics = await fetchAnalytics(page, { to: today, today });
    await page.goto('/analytics');
    const bars = card(page, 'Trading Rule Analysis').locator('.recharts-bar-rectangle path');
    await expect(bars).toHaveCount(analytics.ruleCompliance.length);
    await expect(
      card(page, 'Monthly Compliance Trends').locator('g.recharts-line-dots circle'),
    ).toHaveCount(analytics.monthlyTrends.length);
    await page.waitForLoadState('networkidle');

    const drawn = await page.evaluate(() => {
      const { bars, lines, measured } = (
        window as unknown as {
          chartDrawing: { bars: Set<string>; lines: Set<string>; measured: string[] };
        }
      ).chartDrawing;
      return { bars: bars.size, lines: lines.size, measured };
    });
    // One shape per bar and one for the line: an entrance animation draws each many times.
    expect(drawn.bars).toBe(analytics.ruleCompliance.length);
    expect(drawn.lines).toBe(1);
    // A label is drawn on one line, as it is; no word of a longer one is measured on its own.
    const labels = await page.locator('.recharts-cartesian-axis-tick-value').allTextContents();
    const words = labels.flatMap((label) => label.split(' ')).filter((w) => !labels.includes(w));
    expect(words.length).toBeGreaterThan(0);
    expect(drawn.measured.filter((text) => words.includes(text))).toEqual([]);
  });

  test('the chosen range changes every figure and the URL, and survives a reload', async ({
    page,
  }) => {
    await page.goto('/analytics');
    await expectAnalyticsPageShows(page, await fetchAnalytics(page, { to: today, today }));

    const range = page.getByRole('combobox', { name: 'Range' });
    await range.selectOption({ label: 'Last 30 days' });
    await expect(page).toHaveURL(/\/analytics\?range=30d$/);
    const lastMonth = await fetchAnalytics(page, { from: daysBefore(today, 29), to: today, today });
    // The seeded history rates the last 30 days differently from all time.
    expect(lastMonth.overallCompliance).toBe(81);
    await expectAnalyticsPageShows(page, lastMonth);
    await expect(card(page, 'Overall Compliance')).toContainText(
      'Last 30 days: 13 of 16 rules followed',
    );

    await page.reload();
    await expect(chosenOption(range)).toHaveText('Last 30 days');
    await expectAnalyticsPageShows(page, lastMonth);

    // While the next range is read, each card keeps the last figures, dimmed and marked busy.
    const release = await holdRequests(page, '**/api/analytics?*');
    await range.selectOption({ label: 'Last 90 days' });
    await expect(page).toHaveURL(/\/analytics\?range=90d$/);
    const overall = card(page, 'Overall Compliance');
    const settling = overall.locator('[aria-busy="true"]');
    await expect(settling).toContainText('Last 30 days: 13 of 16 rules followed');
    await expect(settling).toHaveCSS('opacity', '0.6');
    release();
    await expect(overall.locator('[aria-busy="true"]')).toHaveCount(0);
    await expect(overall.locator('[aria-busy="false"]')).toHaveCSS('opacity', '1');
    const lastQuarter = await fetchAnalytics(page, {
      from: daysBefore(today, 89),
      to: today,
      today,
    });
    expect(lastQuarter.overallCompliance).toBe(75);
    await expectAnalyticsPageShows(page, lastQuarter);
  });

  test("every rule's slanted label is drawn whole, inside the chart", async ({ page }) => {
    await page.goto('/analytics');
    const chart = card(page, 'Trading Rule Analysis').locator('svg.recharts-surface');
    // The rules' labels, not the percentages'.
    const labels = card(page, 'Trading Rule Analysis')
      .locator('.recharts-cartesian-axis-tick-value')
      .filter({ hasText: /[a-z]/ });
    await expect(labels).toHaveCount(SEEDED_RULES.length);
    const box = await chart.boundingBox();
    expect(box).not.toBeNull();
    for (const label of await labels.all()) {
      const drawn = await label.boundingBox();
      expect(drawn).not.toBeNull();
      // Whole: no letter cut by the chart's edges (its first letter went under the bottom).
      expect(drawn!.y + drawn!.height).toBeLessThanOrEqual(box!.y + box!.height);
      expect(drawn!.x).toBeGreaterThanOrEqual(box!.x);
    }
  });

  test('the analytics page has no serious accessibility violations, with a table open too', async ({
    page,
  }) => {
    await page.goto('/analytics');
    await expect(
      card(page, 'Trading Rule Analysis').locator('.recharts-bar-rectangle path'),
    ).toHaveCount(4);
    await expect(
      card(page, 'Monthly Compliance Trends').locator('g.recharts-line-dots circle'),
    ).not.toHaveCount(0);
    await expectNoSeriousViolations(page);

    // A keyboard user reaches the table view.
    const toggle = card(page, 'Trading Rule Analysis').getByRole('button', {
      name: 'Show as table',
    });
    await toggle.focus();
    await page.keyboard.press('Enter');
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await expect(
      page.getByRole('table', { name: 'Trading Rule Compliance Analysis' }),
    ).toBeVisible();
    await expectNoSeriousViolations(page);
  });
});

test('a new trader sees the empty states on the dashboard and the analytics page', async ({
  page,
}) => {
  await logInAsNewTrader(page);
  const overall = card(page, 'Overall Compliance');
  await expect(overall.getByRole('img', { name: /^Compliance 0%/ })).toBeVisible();
  await expect(overall.getByText('0/0', { exact: true })).toBeVisible();
  await expect(
    card(page, 'Rule Compliance').getByText('No rule compliance data available yet.'),
  ).toBeVisible();

  await page.goto('/analytics');
  await expect(
    card(page, 'Overall Compliance').getByRole('meter', { name: 'Overall compliance' }),
  ).toHaveAttribute('aria-valuenow', '0');
  await expect(
    card(page, 'Trading Rule Analysis').getByText('No rule compliance data available yet.'),
  ).toBeVisible();
  await expect(
    card(page, 'Rule Compliance Details').getByText('No rule compliance data available yet.'),
  ).toBeVisible();
  const monthly = card(page, 'Monthly Compliance Trends');
  await expect(monthly.getByText('No monthly data available yet.')).toBeVisible();
  await expect(
    monthly.getByText('Complete more trading sessions to see your monthly trends.'),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'Show as table' })).toHaveCount(0);
});

test('sessions recorded without rules are counted as sessions, not as none', async ({ page }) => {
  await logInAsNewTrader(page);
  await page.goto('/analytics');
  const overall = card(page, 'Overall Compliance');
  await expect(overall.getByText('All time: no sessions recorded.')).toBeVisible();

  // A trader without rules records sessions with empty checklists: nothing to follow, but
  // sessions all the same, as the monthly trends below count them.
  const today = await localToday(page);
  await createSession(page, { name: 'Before any rules', date: today });
  await createSession(page, { name: 'Still no rules', date: today });
  await page.reload();
  await expect(
    overall.getByText('All time: 2 sessions recorded, with no rules to follow.'),
  ).toBeVisible();
});

test.describe("a session dated after the trader's today", () => {
  // The browser's day is UTC's, so the latest day the server takes (the UTC day after its own,
  // today in Kiritimati) is after the trader's today. An import brings back such days too.
  test.use({ timezoneId: 'UTC' });

  test('all time takes every session, one dated after today too, as the dashboard does', async ({
    page,
  }) => {
    await logInAsNewTrader(page);
    await createRules(page, [{ description: 'Wait for the close' }]);
    const today = await localToday(page);
    await createSession(page, {
      name: 'Today',
      date: today,
      rulesFollowed: await checklist(page, 1),
    });
    const tomorrow = new Date(`${today}T12:00:00Z`);
    tomorrow.setUTCDate(tomorrow.getUTCDate() + 1);
    await createSession(page, {
      name: 'Dated ahead',
      date: tomorrow.toISOString().slice(0, 10),
      rulesFollowed: await checklist(page, 0),
    });
    await page.goto('/analytics');
    await expect(
      card(page, 'Overall Compliance').getByText('All time: 1 of 2 rules followed'),
    ).toBeVisible();
  });
});

test('while the figures load, the cards hold their place with placeholders', async ({ page }) => {
  await logInAsNewTrader(page);
  // The figures are held back until the placeholders have been seen.
  const release = await holdRequests(page, '**/api/analytics?*');

  await page.goto('/');
  const overall = card(page, 'Overall Compliance');
  await expect(overall.getByRole('status', { name: 'Loading overall compliance' })).toBeVisible();
  await expect(overall.getByText('-', { exact: true })).toBeVisible();
  await expect(
    card(page, 'Rule Compliance').getByRole('status', { name: 'Loading rule compliance' }),
  ).toBeVisible();

  await page.goto('/analytics');
  const details = card(page, 'Rule Compliance Details').getByRole('status', {
    name: 'Loading rule compliance details',
  });
  await expect(details).toBeVisible();
  await expect(details.locator(':scope > *')).toHaveCount(4);
  await expect(
    card(page, 'Overall Compliance').getByRole('status', { name: 'Loading overall compliance' }),
  ).toBeVisible();
  await expect(
    card(page, 'Trading Rule Analysis').getByRole('status', { name: 'Loading chart' }),
  ).toBeVisible();

  release();
  await expect(details).toBeHidden();
  await expect(card(page, 'Overall Compliance').getByRole('meter')).toHaveAttribute(
    'aria-valuenow',
    '0',
  );
});

/**
 * A string of recharts' own code (the class of the chart's outer element): a script holding it
 * holds the charts library, whatever the bundler named the file.
 */
const CHART_CODE_MARKER = 'recharts-wrapper';

test('the recent sessions take their placeholders’ place: the row of cards does not grow', async ({
  page,
}) => {
  await logInAsNewTrader(page);
  for (const [index, date] of ['2026-01-05', '2026-01-06', '2026-01-07'].entries()) {
    await createSession(page, { name: `Session ${index + 1}`, date });
  }
  // The sessions are held back until the placeholders have been measured.
  const release = await holdRequests(page, '**/api/sessions?*');

  await page.goto('/');
  const recent = card(page, 'Recent Sessions');
  await expect(recent.getByRole('status', { name: 'Loading recent sessions' })).toBeVisible();
  const placeholders = await recent.boundingBox();
  release();
  await expect(recent.getByRole('listitem')).toHaveCount(3);
  const loaded = await recent.boundingBox();
  // The card is as high as its row of cards: a list taller than its placeholders grew the row as
  // it arrived, and moved every card below it.
  expect(loaded?.height).toBe(placeholders?.height);
});

test('the login page and the dashboard load no chart code; the analytics page does', async ({
  page,
  request,
}) => {
  const account = await createTrader(request);
  // Every script the browser fetches, with the screen it was fetched for.
  type Screen = 'login' | 'dashboard' | 'analytics';
  let screen = 'login' as Screen;
  const scripts: { url: string; screen: Screen; hasChartCode: Promise<boolean> }[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() !== 'script') return;
    const hasChartCode = response.text().then(
      (body) => body.includes(CHART_CODE_MARKER),
      () => false,
    );
    scripts.push({ url: response.url(), screen, hasChartCode });
  });

  await page.goto('/login');
  await expect(page.getByRole('button', { name: 'Log in' })).toBeVisible();
  screen = 'dashboard';
  await logInWithForm(page, account);
  // A history to chart, and the dashboard showing it.
  await seedDisciplineHistory(page);
  await page.reload();
  await expect(card(page, 'Rule Compliance').getByRole('listitem')).toHaveCount(4);
  await expect(card(page, 'Recent Sessions').getByRole('listitem')).toHaveCount(3);

  screen = 'analytics';
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'Analytics' })
    .click();
  await expect(
    card(page, 'Trading Rule Analysis').locator('.recharts-bar-rectangle path'),
  ).toHaveCount(4);

  const loaded = await Promise.all(
    scripts.map(async (script) => ({ ...script, hasChartCode: await script.hasChartCode })),
  );
  const loadedFor = (name: Screen) => loaded.filter((script) => script.screen === name);
  expect(loadedFor('login')).not.toHaveLength(0);
  expect(loadedFor('dashboard')).not.toHaveLength(0);
  const chartCode = loaded.filter((script) => script.hasChartCode);
  expect(chartCode.filter((script) => script.screen !== 'analytics')).toEqual([]);
  expect(chartCode.filter((script) => script.screen === 'analytics')).not.toHaveLength(0);
});
