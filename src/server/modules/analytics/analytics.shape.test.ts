import { describe, expect, it } from 'vitest';
import { analyticsWindows, monthLabel, sortRuleCompliance, splitRange } from './analytics.shape.ts';

describe('analytics shaping', () => {
  it('without a range: 30 days to today for the overall figure, all history for the rest', () => {
    expect(analyticsWindows({ today: '2026-03-14' })).toEqual({
      overall: { from: '2026-02-13', to: '2026-03-14' },
      details: {},
    });
  });

  it('without the trader’s today, the day in UTC at that moment', () => {
    expect(analyticsWindows({}, new Date('2026-03-14T23:30:00-05:00'))).toEqual({
      overall: { from: '2026-02-14', to: '2026-03-15' },
      details: {},
    });
  });

  it('a range, even open at one end, applies to every figure', () => {
    const range = { from: '2026-01-01', to: undefined };
    expect(analyticsWindows({ from: '2026-01-01', today: '2026-03-14' })).toEqual({
      overall: range,
      details: range,
    });
  });

  it('names months as the chart shows them', () => {
    expect(monthLabel('2026-01')).toBe('Jan 2026');
    expect(monthLabel('2025-12')).toBe('Dec 2025');
  });

  it('sorts rules by rate, high to low, then by id', () => {
    const rule = (ruleId: number, complianceRate: number) => ({
      ruleId,
      complianceRate,
      description: `R${ruleId}`,
      followedCount: 0,
      totalCount: 0,
    });
    expect(
      sortRuleCompliance([rule(3, 50), rule(1, 90), rule(2, 50), rule(4, 100)]).map(
        (r) => r.ruleId,
      ),
    ).toEqual([4, 1, 2, 3]);
  });
});

describe('splitting a range into whole months and edge days', () => {
  it('all history is every month and no edge', () => {
    expect(splitRange({})).toEqual({ months: { from: undefined, to: undefined }, edges: [] });
  });

  it('whole months need no edge', () => {
    expect(splitRange({ from: '2026-01-01', to: '2026-03-31' })).toEqual({
      months: { from: '2026-01', to: '2026-03' },
      edges: [],
    });
    expect(splitRange({ from: '2024-02-01', to: '2024-02-29' })).toEqual({
      months: { from: '2024-02', to: '2024-02' },
      edges: [],
    });
  });

  it('partial months at the ends are read day by day', () => {
    expect(splitRange({ from: '2025-12-15', to: '2026-03-10' })).toEqual({
      months: { from: '2026-01', to: '2026-02' },
      edges: [
        { from: '2025-12-15', to: '2025-12-31' },
        { from: '2026-03-01', to: '2026-03-10' },
      ],
    });
    expect(splitRange({ from: '2026-02-13' })).toEqual({
      months: { from: '2026-03', to: undefined },
      edges: [{ from: '2026-02-13', to: '2026-02-28' }],
    });
    expect(splitRange({ to: '2026-02-27' })).toEqual({
      months: { from: undefined, to: '2026-01' },
      edges: [{ from: '2026-02-01', to: '2026-02-27' }],
    });
  });

  it('a range with no whole month inside is one edge', () => {
    expect(splitRange({ from: '2026-02-13', to: '2026-03-14' })).toEqual({
      months: null,
      edges: [{ from: '2026-02-13', to: '2026-03-14' }],
    });
    expect(splitRange({ from: '2026-03-01', to: '2026-03-14' })).toEqual({
      months: null,
      edges: [{ from: '2026-03-01', to: '2026-03-14' }],
    });
  });
});
