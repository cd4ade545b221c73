import { describe, expect, it } from 'vitest';
import { addDays, analyticsWindows, monthLabel, sortRuleCompliance } from './analytics.shape.ts';

describe('analytics shaping', () => {
  it('counts calendar days across months, leap days and years', () => {
    expect(addDays('2026-03-14', -29)).toBe('2026-02-13');
    expect(addDays('2024-03-01', -1)).toBe('2024-02-29');
    expect(addDays('2026-01-01', -1)).toBe('2025-12-31');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
  });

  it('without a range: 30 days to today for the overall figure, all history for the rest', () => {
    expect(analyticsWindows({ today: '2026-03-14' })).toEqual({
      overall: { from: '2026-02-13', to: '2026-03-14' },
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
