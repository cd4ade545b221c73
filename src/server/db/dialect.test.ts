import { sql } from 'kysely';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { createTestApp, describeEachDialect, type TestApp } from '#testing/test-app.ts';
import { boolToInt, monthKey, monthStart, percentage, roundedDivision } from './dialect.ts';

describeEachDialect('dialect helpers', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(() => t.close());

  const select = async <T>(expression: ReturnType<typeof sql<T>>) =>
    (await sql<{ value: T }>`select ${expression} as value`.execute(t.database.db)).rows[0]?.value;
  const n = (value: number) => sql<number>`${sql.lit(value)}`;

  test('a rounded division rounds half up in integers, as Math.round does', async () => {
    for (const [numerator, denominator] of [
      [0, 0],
      [0, 5],
      [1, 2],
      [3, 2],
      [5, 2],
      [1, 3],
      [2, 3],
      [125, 10],
      [124, 10],
      [7, 7],
      [2_000_000, 3],
    ] as const) {
      const expected = denominator === 0 ? 0 : Math.round(numerator / denominator);
      expect(
        await select(roundedDivision(n(numerator), n(denominator))),
        `${numerator}/${denominator}`,
      ).toBe(expected);
    }
  });

  test('a percentage is round(100 × part / whole), 0 of nothing being 0', async () => {
    for (const [part, whole, expected] of [
      [2, 3, 67],
      [1, 3, 33],
      [1, 8, 13],
      [1, 200, 1],
      [0, 0, 0],
      [5, 5, 100],
    ] as const) {
      expect(await select(percentage(n(part), n(whole))), `${part}/${whole}`).toBe(expected);
    }
  });

  test('the month key of a calendar date is its YYYY-MM, whatever the server time zone', async () => {
    const dates = ['2026-01-01', '2026-01-31', '2025-12-31', '2024-02-29'];
    for (const date of dates) {
      const value = dialect === 'sqlite' ? sql<string>`${date}` : sql<string>`${date}::date`;
      expect(await select(monthKey(dialect, value))).toBe(date.slice(0, 7));
    }
  });

  test('a month starts on its first day: its dates are on or after it, the last month’s before', async () => {
    const date = (value: string) =>
      dialect === 'sqlite' ? sql<string>`${value}` : sql<string>`${value}::date`;
    const start = monthStart(dialect, sql<string>`${'2026-02'}`);
    for (const [day, after] of [
      ['2026-01-31', false],
      ['2026-02-01', true],
      ['2026-02-28', true],
      ['2026-03-01', true],
    ] as const) {
      const compared = sql<boolean>`(case when ${date(day)} >= ${start} then 1 else 0 end)`;
      expect(await select(compared), day).toBe(after ? 1 : 0);
    }
    // Itself a day of the month, read back as one.
    expect(await select(monthKey(dialect, start))).toBe('2026-02');
  });

  test('a boolean counts as 1 or 0', async () => {
    const literal = (value: boolean) =>
      dialect === 'sqlite'
        ? sql<boolean>`${sql.lit(value ? 1 : 0)}`
        : sql<boolean>`${sql.lit(value)}`;
    expect(await select(boolToInt(literal(true)))).toBe(1);
    expect(await select(boolToInt(literal(false)))).toBe(0);
  });
});
