import { describe, expect, test } from 'vitest';
import type { ResultPoint } from '#shared/schemas/discipline-pays.ts';
import { formatMoney, formatR, scatterUnit, summarizeScatter } from './result-format.ts';

const point = (rating: number, resultR: number | null, resultMoney: number | null = null) =>
  ({ sessionId: rating, date: '2026-03-14', rating, resultR, resultMoney }) as ResultPoint;

describe('result formats', () => {
  test('R carries its sign and two decimals', () => {
    expect(formatR(1.25)).toBe('+1.25R');
    expect(formatR(-0.5)).toBe('-0.50R');
    expect(formatR(0)).toBe('0.00R');
  });

  test("money is in the trader's currency, signed", () => {
    expect(formatMoney(1234.5, 'USD')).toBe('+$1,234.50');
    expect(formatMoney(-12, 'EUR')).toBe('-€12.00');
    expect(formatMoney(0, 'JPY')).toBe('¥0');
  });

  test('the scatter plots R when any session has it, else money', () => {
    expect(scatterUnit([point(100, null, 5), point(80, 1)])).toBe('r');
    expect(scatterUnit([point(100, null, 5)])).toBe('money');
  });

  test('the scatter in words', () => {
    const answer = {
      points: [point(100, 2), point(60, -1), point(80, null, 10)],
      pointsLimit: 500,
      sessionCount: 3,
      currency: 'USD',
    };
    expect(summarizeScatter(answer, 'r')).toBe(
      '2 sessions, compliance rating against result in R. Best result: +2.00R at 100%; worst: -1.00R at 60%.',
    );
    expect(summarizeScatter({ ...answer, sessionCount: 900 }, 'money')).toBe(
      '1 session (the latest 500 of 900), compliance rating against result. Best result: +$10.00 at 80%; worst: +$10.00 at 80%.',
    );
    expect(summarizeScatter({ ...answer, points: [] }, 'r')).toBe(
      'No session has a result to plot yet.',
    );
  });
});
