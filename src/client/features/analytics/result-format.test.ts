import { describe, expect, test } from 'vitest';
import type { ResultPoint } from '#shared/schemas/discipline-pays.ts';
import { scatterUnit, summarizeScatter } from './result-format.ts';

const point = (rating: number, resultR: number | null, resultMoney: number | null = null) =>
  ({ sessionId: rating, date: '2026-03-14', rating, resultR, resultMoney }) as ResultPoint;

describe('the scatter', () => {
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
