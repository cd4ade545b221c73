import { describe, expect, it } from 'vitest';
import type { Category, RunSummary } from './lighthouse.ts';
import { belowMinimum, parseCategories, type PageResult } from './report.ts';

function pageWith(scores: Record<Category, number>): PageResult {
  const run: RunSummary = {
    scores,
    metrics: { fcp: 1, lcp: 1, tbt: 0, cls: 0 },
    failing: [],
    warnings: [],
    totalBytes: 0,
    benchmarkIndex: undefined,
  };
  return { page: 'dashboard', url: '/', formFactor: 'mobile', median: run, runs: [run] };
}

describe('the audit’s verdict', () => {
  const slowPhone = pageWith({ performance: 57, accessibility: 100, 'best-practices': 100 });
  const inaccessible = pageWith({ performance: 99, accessibility: 94, 'best-practices': 100 });

  it('fails every category below 95 when all are enforced (the default)', () => {
    expect(belowMinimum(slowPhone)).toEqual(['performance']);
    expect(belowMinimum(inaccessible)).toEqual(['accessibility']);
  });

  it('fails only the enforced categories: CI reports performance and enforces the rest', () => {
    const enforced = parseCategories('accessibility,best-practices');
    expect(belowMinimum(slowPhone, enforced)).toEqual([]);
    expect(belowMinimum(inaccessible, enforced)).toEqual(['accessibility']);
  });

  it('reads --enforce in Lighthouse’s order, whatever order it is given in', () => {
    expect(parseCategories(' best-practices , performance')).toEqual([
      'performance',
      'best-practices',
    ]);
  });

  it('refuses a name Lighthouse does not have, so a typo cannot turn a check off', () => {
    expect(() => parseCategories('accessibilty')).toThrow(/--enforce takes categories/);
    expect(() => parseCategories('')).toThrow(/--enforce takes categories/);
  });
});
