import { expect, test, type Page } from '@playwright/test';
import { daysBefore, tableRows } from './analytics-support.ts';
import { getRules, getSessionTypes, localToday } from './session-support.ts';
import {
  createRules,
  expectNoSeriousViolations,
  holdRequests,
  logInNewTraderThroughApi,
} from './support.ts';

const TITLE = 'Does discipline pay?';
/** The chart's code and the figures arrive while four other engineers' builds share two cores. */
const LOADING = 20_000;
const TOO_LITTLE = 'Not enough sessions with a result yet: at least 5 on each side are needed.';

/** `GET /api/analytics/discipline-pays` (the fields the tests compare). */
interface Figure {
  sessions: number;
  total: number;
  average: number | null;
  insufficient: boolean;
}
interface Split {
  followed: { sessions: number; average: number | null };
  broken: { sessions: number; average: number | null };
  difference: number | null;
}
interface DisciplinePaysAnswer {
  currency: string;
  hideMoney: boolean;
  sessionCount: number;
  bands: { band: string; r: Figure; money: Figure | null }[];
  rules: {
    ruleId: number;
    description: string;
    r: Split;
    money: Split | null;
    rankedBy: 'r' | 'money' | null;
  }[];
  points: {
    sessionId: number;
    date: string;
    rating: number;
    resultR: number | null;
    resultMoney: number | null;
  }[];
}

async function fetchDisciplinePays(page: Page, query: Record<string, string>) {
  const response = await page.request.get('/api/analytics/discipline-pays', { params: query });
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()) as DisciplinePaysAnswer;
}

/** A session with results, through the API: `followed` flags of the trader's rules, in order. */
async function recordSession(
  page: Page,
  seed: { date: string; followed: boolean[]; resultR?: number; resultMoney?: number },
) {
  const [type] = await getSessionTypes(page);
  const rules = await getRules(page);
  const response = await page.request.post('/api/sessions', {
    data: {
      name: 'Session',
      date: seed.date,
      sessionTypeId: type!.id,
      rulesFollowed: seed.followed.map((followed, i) => ({ ruleId: rules[i]!.id, followed })),
      notes: null,
      ...(seed.resultR === undefined ? {} : { resultR: seed.resultR }),
      ...(seed.resultMoney === undefined ? {} : { resultMoney: seed.resultMoney }),
    },
  });
  expect(response.status(), await response.text()).toBe(201);
}

async function setHideMoney(page: Page, hideMoney: boolean) {
  const response = await page.request.put('/api/auth/update-profile', {
    data: { preferences: { results: { hideMoney } } },
  });
  expect(response.status(), await response.text()).toBe(200);
}

// The client's formats, written out again: the test must not trust the code it checks.
const r = (value: number) =>
  `${value > 0 ? '+' : value < 0 ? '-' : ''}${Math.abs(value).toFixed(2)}R`;
const usd = (value: number) =>
  `${value > 0 ? '+' : value < 0 ? '-' : ''}$${Math.abs(value).toLocaleString('en-US', {
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  })}`;
const BAND_ROWS: Record<string, string> = {
  green: '≥ 90%\nOn track',
  amber: '75–89%\nNeeds attention',
  red: '< 75%\nOff track',
};

function card(page: Page) {
  return page.getByRole('region', { name: TITLE });
}

function bandRows(answer: DisciplinePaysAnswer, unit: 'r' | 'money') {
  const format = unit === 'r' ? r : usd;
  return answer.bands.map((band) => {
    const figure = band[unit]!;
    return [
      BAND_ROWS[band.band]!,
      String(figure.sessions),
      figure.average === null ? 'Not enough data' : format(figure.average),
      figure.sessions > 0 ? format(figure.total) : '–',
    ];
  });
}

function ruleRows(answer: DisciplinePaysAnswer) {
  const units = answer.hideMoney ? (['r'] as const) : (['r', 'money'] as const);
  const count = (n: number) => (n === 1 ? '1 session' : `${n} sessions`);
  const side = (figure: Split['followed'], format: (value: number) => string) =>
    `${figure.average === null ? 'Not enough data' : format(figure.average)} (${count(figure.sessions)})`;
  return answer.rules.map((rule) => {
    const splits = units.map((unit) => [rule[unit]!, unit === 'r' ? r : usd] as const);
    return [
      rule.description,
      splits.map(([split, format]) => side(split.followed, format)).join('\n'),
      splits.map(([split, format]) => side(split.broken, format)).join('\n'),
      splits
        .map(([split, format]) =>
          split.difference === null ? 'Not enough data' : format(split.difference),
        )
        .join('\n'),
    ];
  });
}

/**
 * Two rules; 'Respect the stop' is broken in the losing sessions. Six sessions at 100% (+1.5R,
 * +$120.25), five at 50% (-1R, -$80), one at 50% with R only (-0.25R), and one 40 days back
 * (+3R) that 'Last 30 days' leaves out.
 */
async function seedResults(page: Page) {
  await createRules(page, [
    { description: 'Wait for the setup' },
    { description: 'Respect the stop' },
  ]);
  const today = await localToday(page);
  for (let i = 0; i < 6; i += 1) {
    await recordSession(page, {
      date: daysBefore(today, i),
      followed: [true, true],
      resultR: 1.5,
      resultMoney: 120.25,
    });
  }
  for (let i = 0; i < 5; i += 1) {
    await recordSession(page, {
      date: daysBefore(today, i + 1),
      followed: [true, false],
      resultR: -1,
      resultMoney: -80,
    });
  }
  await recordSession(page, { date: today, followed: [true, false], resultR: -0.25 });
  await recordSession(page, { date: daysBefore(today, 40), followed: [true, true], resultR: 3 });
  return today;
}

test('the card shows the figures the API answers, and follows the range', async ({ page }) => {
  await logInNewTraderThroughApi(page.request);
  const today = await seedResults(page);
  const answer = await fetchDisciplinePays(page, { to: today, today });
  expect(answer.sessionCount).toBe(13);

  await page.goto('/analytics');
  const region = card(page);
  await expect(region).toContainText('Based on 13 sessions with a result (All time).', {
    timeout: LOADING,
  });
  const rTable = region.getByRole('table', { name: 'Results by compliance, in R' });
  const moneyTable = region.getByRole('table', { name: 'Results by compliance, in money (USD)' });
  await expect.poll(() => tableRows(rTable)).toEqual(bandRows(answer, 'r'));
  await expect.poll(() => tableRows(moneyTable)).toEqual(bandRows(answer, 'money'));
  // The R figures as seeded: 7 at 100% averaging (9 + 3) / 7, 6 at 50%.
  expect(bandRows(answer, 'r')[0]).toEqual([BAND_ROWS.green, '7', '+1.71R', '+12.00R']);
  expect(bandRows(answer, 'money')[2]).toEqual([BAND_ROWS.red, '5', '-$80.00', '-$400.00']);

  // 'Respect the stop' costs most: followed +1.71R, broken -0.88R ((-5 - 0.25) / 6).
  const rules = region.getByRole('table', { name: /Which rule costs you most/ });
  await expect.poll(() => tableRows(rules)).toEqual(ruleRows(answer));
  expect(answer.rules[0]!.description).toBe('Respect the stop');
  await expect(region).toContainText(
    'Respect the stop costs you most: your sessions averaged +1.71R when you followed it and -0.88R when you broke it, a difference of +2.59R.',
  );
  // 'Wait for the setup' was never broken: too little to conclude.
  await expect(rules.getByRole('row', { name: /Wait for the setup/ })).toContainText(
    'Not enough data',
  );

  // The scatter: a point per session, and the same sessions as a table.
  await expect(region.locator('.recharts-scatter-symbol')).toHaveCount(13, { timeout: LOADING });
  // A point's tooltip names its session's day as every screen does ('Mar 14, 2026').
  await region.locator('.recharts-scatter-symbol').first().hover();
  const tooltip = region.locator('.recharts-tooltip-wrapper');
  await expect(tooltip).toContainText(/[A-Z][a-z]{2} \d{1,2}, \d{4}/);
  await expect(tooltip).not.toContainText(/\d{4}-\d{2}-\d{2}/);
  await page.mouse.move(0, 0);
  await region.getByRole('button', { name: 'Show as table' }).click();
  const scatterTable = region.getByRole('table', { name: 'Compliance rating vs result' });
  await expect(scatterTable.locator('tbody tr')).toHaveCount(answer.points.length);
  await expect(region).toContainText(
    '13 sessions, compliance rating against result in R. Best result: +3.00R at 100%; worst: -1.00R at 50%.',
  );

  // The last 30 days leave the oldest session out. Until they are read, the card keeps the
  // figures it has, dimmed and marked busy.
  const release = await holdRequests(page, '**/api/analytics/discipline-pays?*');
  await page.getByRole('combobox', { name: 'Range' }).selectOption({ label: 'Last 30 days' });
  const settling = region.locator('[aria-busy="true"]');
  await expect(settling).toContainText('Based on 13 sessions with a result (All time).');
  await expect(settling).toHaveCSS('opacity', '0.6');
  release();
  await expect(region).toContainText('Based on 12 sessions with a result (Last 30 days).');
  await expect(region.locator('[aria-busy="true"]')).toHaveCount(0);
  const last30 = await fetchDisciplinePays(page, { from: daysBefore(today, 29), to: today, today });
  await expect.poll(() => tableRows(rTable)).toEqual(bandRows(last30, 'r'));
});

test('too little data is said plainly, never shown as a figure', async ({ page }) => {
  await logInNewTraderThroughApi(page.request);
  await createRules(page, [{ description: 'Wait for the setup' }]);
  const today = await localToday(page);
  for (let i = 0; i < 3; i += 1) {
    await recordSession(page, { date: today, followed: [i > 0], resultR: 2 });
  }
  await page.goto('/analytics');
  const region = card(page);
  await expect(region).toContainText(TOO_LITTLE, { timeout: LOADING });
  await expect(region).toContainText(
    'Not enough sessions with a result yet for every average: at least 5 in a band are needed.',
  );
  const rTable = region.getByRole('table', { name: 'Results by compliance, in R' });
  await expect
    .poll(() => tableRows(rTable))
    .toEqual([
      [BAND_ROWS.green, '2', 'Not enough data', '+4.00R'],
      [BAND_ROWS.amber, '0', 'Not enough data', '–'],
      [BAND_ROWS.red, '1', 'Not enough data', '+2.00R'],
    ]);
  // Money: no session has one.
  await expect(region).toContainText('No session in this range has a result in money (USD).');
});

test('with no result at all, the card says how to get one', async ({ page }) => {
  await logInNewTraderThroughApi(page.request);
  await createRules(page, [{ description: 'Wait for the setup' }]);
  await recordSession(page, { date: await localToday(page), followed: [true] });
  await page.goto('/analytics');
  await expect(card(page)).toContainText('No sessions with a result yet.', { timeout: LOADING });
  await expect(card(page).getByRole('table')).toHaveCount(0);
});

test('privacy mode shows R only, everywhere in the card', async ({ page }) => {
  await logInNewTraderThroughApi(page.request);
  const today = await seedResults(page);
  await setHideMoney(page, true);
  const answer = await fetchDisciplinePays(page, { to: today, today });
  expect(answer.hideMoney).toBe(true);

  await page.goto('/analytics');
  const region = card(page);
  await expect(region).toContainText('Money amounts are hidden: every figure is in R.', {
    timeout: LOADING,
  });
  const rTable = region.getByRole('table', { name: 'Results by compliance, in R' });
  await expect.poll(() => tableRows(rTable)).toEqual(bandRows(answer, 'r'));
  await expect(region.getByRole('table', { name: /in money/ })).toHaveCount(0);
  const rules = region.getByRole('table', { name: /Which rule costs you most/ });
  await expect.poll(() => tableRows(rules)).toEqual(ruleRows(answer));
  await region.getByRole('button', { name: 'Show as table' }).click();
  await expect(region.getByRole('columnheader', { name: 'Result (USD)' })).toHaveCount(0);
  await expect(region.getByRole('columnheader', { name: 'Result (R)' })).toBeVisible();
  const text = await region.innerText();
  expect(text).not.toMatch(/\$|USD|120\.25|80\.00/);
});

test('a rule that costs money is named when no rule costs R', async ({ page }) => {
  await logInNewTraderThroughApi(page.request);
  await createRules(page, [
    { description: 'Trade the plan' },
    { description: 'Size down after a loss' },
  ]);
  const today = await localToday(page);
  // 'Trade the plan' is ranked by R and costs nothing there: broken, the sessions did better
  // (+0.80R against +0.50R). 'Size down after a loss' has R on one side only, so it is ranked
  // by money, where breaking it cost $300 a session.
  for (let i = 0; i < 5; i += 1) {
    await recordSession(page, { date: daysBefore(today, i), followed: [true, true], resultR: 0.5 });
    await recordSession(page, {
      date: daysBefore(today, i),
      followed: [false, true],
      resultR: 0.8,
    });
    await recordSession(page, {
      date: daysBefore(today, i),
      followed: [true, true],
      resultMoney: 100,
    });
    await recordSession(page, {
      date: daysBefore(today, i),
      followed: [true, false],
      resultMoney: -200,
    });
  }
  const answer = await fetchDisciplinePays(page, { to: today, today });
  expect(answer.rules.map((rule) => [rule.description, rule.rankedBy])).toEqual([
    ['Trade the plan', 'r'],
    ['Size down after a loss', 'money'],
  ]);

  await page.goto('/analytics');
  await expect(card(page)).toContainText(
    'Size down after a loss costs you most: your sessions averaged +$100.00 when you followed it and -$200.00 when you broke it, a difference of +$300.00.',
    { timeout: LOADING },
  );
});

test('the card has no serious accessibility violations', async ({ page }) => {
  await logInNewTraderThroughApi(page.request);
  await seedResults(page);
  await page.goto('/analytics');
  const region = card(page);
  await expect(region.locator('.recharts-scatter-symbol')).toHaveCount(13, { timeout: LOADING });
  // A point's tooltip names its session's day as every screen does ('Mar 14, 2026').
  await region.locator('.recharts-scatter-symbol').first().hover();
  const tooltip = region.locator('.recharts-tooltip-wrapper');
  await expect(tooltip).toContainText(/[A-Z][a-z]{2} \d{1,2}, \d{4}/);
  await expect(tooltip).not.toContainText(/\d{4}-\d{2}-\d{2}/);
  await page.mouse.move(0, 0);
  await region.getByRole('button', { name: 'Show as table' }).click();
  await expect(region.getByRole('table', { name: 'Compliance rating vs result' })).toBeVisible();
  await expectNoSeriousViolations(page, [region]);

  // On a phone the wide tables scroll sideways, each scrolling box reachable by keyboard.
  await page.setViewportSize({ width: 390, height: 844 });
  const rules = region.getByRole('group', { name: 'Which rule costs you most' });
  await expect.poll(() => rules.evaluate((box) => box.scrollWidth > box.clientWidth)).toBe(true);
  await rules.focus();
  await expect(rules).toBeFocused();
  await expectNoSeriousViolations(page, [region]);
});
