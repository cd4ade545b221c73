import { expect, type Locator, type Page } from '@playwright/test';
import { checklist, createSession, localToday } from './session-support.ts';
import { createRules } from './support.ts';

/** `GET /api/analytics` as the client reads it (the fields the tests compare). */
export interface AnalyticsAnswer {
  overallCompliance: number;
  followedCount: number;
  totalCount: number;
  ruleCompliance: {
    ruleId: number;
    description: string;
    complianceRate: number;
    followedCount: number;
    totalCount: number;
  }[];
  monthlyTrends: {
    month: string;
    monthKey: string;
    averageCompliance: number;
    totalSessions: number;
  }[];
}

/** The figures the API answers the logged-in trader of `page` for this query. */
export async function fetchAnalytics(page: Page, query: Record<string, string>) {
  const response = await page.request.get('/api/analytics', { params: query });
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()) as AnalyticsAnswer;
}

/** The calendar day `days` before `day` (both `YYYY-MM-DD`). */
export function daysBefore(day: string, days: number): string {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, date - days)).toISOString().slice(0, 10);
}

/** The charts' band fills (Tailwind's 600 shades): green ≥ 90, amber ≥ 75, red below. */
export const BAND_FILLS = { green: '#00a63e', amber: '#e17100', red: '#e7000b' };

export function bandFill(rating: number): string {
  if (rating >= 90) return BAND_FILLS.green;
  if (rating >= 75) return BAND_FILLS.amber;
  return BAND_FILLS.red;
}

export function bandLabel(rating: number): string {
  if (rating >= 90) return 'On track';
  if (rating >= 75) return 'Needs attention';
  return 'Off track';
}

/** The rules of the seeded history; the first is longer than the chart's 20 characters. */
export const SEEDED_RULES = [
  'Follow stop loss on every trade',
  'Risk at most 1% per trade',
  'No trading during major news',
  'Stop after two losses',
];

/**
 * Eight sessions over about three months before the browser's today, four of them within
 * the last 30 days: how many days back each lies, and how many of the four rules (in order)
 * were followed. Every rule lands in its own place: 100%, 88%, 75% and 50% over all time, and
 * the 30-day, 90-day and all-time ratings differ (81%, 75%, 78%).
 */
const SEEDED_SESSIONS = [
  { daysBack: 0, followed: 4 },
  { daysBack: 3, followed: 3 },
  { daysBack: 10, followed: 2 },
  { daysBack: 20, followed: 4 },
  { daysBack: 40, followed: 1 },
  { daysBack: 55, followed: 4 },
  { daysBack: 75, followed: 3 },
  { daysBack: 100, followed: 4 },
];

/** Seeds the rules and sessions above for the trader logged in on `page`; answers its today. */
export async function seedDisciplineHistory(page: Page) {
  await createRules(
    page,
    SEEDED_RULES.map((description) => ({ description })),
  );
  const today = await localToday(page);
  for (const [index, { daysBack, followed }] of SEEDED_SESSIONS.entries()) {
    await createSession(page, {
      name: `Session ${index + 1}`,
      date: daysBefore(today, daysBack),
      rulesFollowed: await checklist(page, followed),
    });
  }
  return today;
}

/**
 * The cells' text of a table's body rows, row by row, as rendered (a line break where a cell
 * shows two lines): wrap it in `expect.poll`.
 */
export function tableRows(table: Locator): Promise<string[][]> {
  return table
    .locator('tbody tr')
    .evaluateAll((rows) =>
      rows.map((row) => Array.from(row.children, (cell) => (cell as HTMLElement).innerText.trim())),
    );
}

/** The `fill` of each SVG element matched, in document order: wrap it in `expect.poll`. */
export function fills(shapes: Locator): Promise<string[]> {
  return shapes.evaluateAll((elements) => elements.map((e) => e.getAttribute('fill') ?? ''));
}
