import { describe, expect, it } from 'vitest';
import type { MonthlyTrend, RuleCompliance } from '#shared/schemas/analytics.ts';
import {
  formatSessionCount,
  summarizeMonthlyTrends,
  summarizeRuleCompliance,
  truncateLabel,
} from './chart-summaries.ts';

function rule(ruleId: number, description: string, complianceRate: number): RuleCompliance {
  return { ruleId, description, complianceRate, followedCount: 0, totalCount: 0 };
}

function month(key: string, label: string, averageCompliance: number): MonthlyTrend {
  return { monthKey: key, month: label, averageCompliance, totalSessions: 2 };
}

describe('truncateLabel', () => {
  it('keeps 20 characters and adds ...', () => {
    expect(truncateLabel('Never move the stop loss further away')).toBe('Never move the stop ...');
    expect(truncateLabel('Exactly twenty chars')).toBe('Exactly twenty chars');
    expect(truncateLabel('Short')).toBe('Short');
  });

  it('never splits a character made of two code units', () => {
    expect(truncateLabel('📈'.repeat(21))).toBe(`${'📈'.repeat(20)}...`);
  });
});

describe('formatSessionCount', () => {
  it('says session or sessions', () => {
    expect(formatSessionCount(1)).toBe('1 session');
    expect(formatSessionCount(12)).toBe('12 sessions');
    expect(formatSessionCount(0)).toBe('0 sessions');
  });
});

describe('summarizeRuleCompliance', () => {
  it('counts the bands and names the best and worst rule', () => {
    const rules = [rule(1, 'Stop loss', 100), rule(2, 'Size', 88), rule(3, 'News', 75)];
    expect(summarizeRuleCompliance([...rules, rule(4, 'Revenge', 40)])).toBe(
      '4 rules: 1 on track, 2 needing attention, 1 off track. ' +
        'Highest: Stop loss at 100%; lowest: Revenge at 40%.',
    );
  });

  it('leaves out empty bands and reads well for a single rule', () => {
    expect(summarizeRuleCompliance([rule(1, 'A', 95), rule(2, 'B', 90)])).toBe(
      '2 rules: 2 on track. Highest: A at 95%; lowest: B at 90%.',
    );
    expect(summarizeRuleCompliance([rule(1, 'A', 60)])).toBe('One rule: A at 60%.');
    expect(summarizeRuleCompliance([])).toBe('No rules yet.');
  });
});

describe('summarizeMonthlyTrends', () => {
  it('names the span, the best, the worst and the latest month', () => {
    const months = [
      month('2026-01', 'Jan 2026', 80),
      month('2026-02', 'Feb 2026', 90),
      month('2026-03', 'Mar 2026', 65),
      month('2026-04', 'Apr 2026', 70),
    ];
    expect(summarizeMonthlyTrends(months)).toBe(
      '4 months from Jan 2026 to Apr 2026. Highest: Feb 2026 at 90%; ' +
        'lowest: Mar 2026 at 65%; latest: Apr 2026 at 70%.',
    );
  });

  it('reads well for one month', () => {
    expect(summarizeMonthlyTrends([month('2026-03', 'Mar 2026', 65)])).toBe(
      'Mar 2026: 65% over 2 sessions.',
    );
    expect(summarizeMonthlyTrends([])).toBe('No months yet.');
  });
});
