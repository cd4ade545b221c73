import { describe, expect, it } from 'vitest';
import type { Category, FormFactor, RunSummary } from './lighthouse.ts';
import {
  belowMinimum,
  belowMinimumReported,
  formatCheck,
  medianRun,
  needsAnotherRun,
  parseChecks,
  passedByAnotherRun,
  type PageResult,
} from './report.ts';

function pageWith(
  scores: Record<Category, number>,
  formFactor: FormFactor = 'mobile',
  runCount = 1,
): PageResult {
  const run: RunSummary = {
    scores,
    metrics: { fcp: 1, lcp: 1, tbt: 0, cls: 0 },
    failing: [],
    warnings: [],
    totalBytes: 0,
    benchmarkIndex: undefined,
  };
  return {
    page: 'dashboard',
    url: '/',
    formFactor,
    median: run,
    runs: Array.from({ length: runCount }, () => run),
  };
}

describe('the audit’s verdict', () => {
  const slowPhone = pageWith({ performance: 57, accessibility: 100, 'best-practices': 100 });
  const inaccessible = pageWith({ performance: 99, accessibility: 94, 'best-practices': 100 });

  it('fails every category below 95 when all are enforced (the default)', () => {
    expect(belowMinimum(slowPhone)).toEqual(['performance']);
    expect(belowMinimum(inaccessible)).toEqual(['accessibility']);
  });

  it('fails only the enforced categories: CI reports performance and enforces the rest', () => {
    const enforced = parseChecks('accessibility,best-practices');
    expect(belowMinimum(slowPhone, enforced)).toEqual([]);
    expect(belowMinimumReported(slowPhone, enforced)).toEqual(['performance']);
    expect(belowMinimum(inaccessible, enforced)).toEqual(['accessibility']);
    expect(belowMinimumReported(inaccessible, enforced)).toEqual([]);
  });

  it('enforces a category on one form factor only when named with it', () => {
    const enforced = parseChecks('accessibility,performance:desktop');
    const slowDesktop = pageWith(
      { performance: 90, accessibility: 100, 'best-practices': 100 },
      'desktop',
    );
    expect(belowMinimum(slowDesktop, enforced)).toEqual(['performance']);
    expect(belowMinimum(slowPhone, enforced)).toEqual([]);
    expect(belowMinimumReported(slowPhone, enforced)).toEqual(['performance']);
  });

  it('reads --enforce in Lighthouse’s order, whatever order it is given in', () => {
    expect(parseChecks(' best-practices , performance:desktop').map(formatCheck)).toEqual([
      'performance:desktop',
      'best-practices',
    ]);
  });

  it('refuses a name Lighthouse does not have, so a typo cannot turn a check off', () => {
    for (const list of ['accessibilty', '', 'performance:phone', 'performance:desktop:x']) {
      expect(() => parseChecks(list)).toThrow(/--enforce takes categories/);
    }
  });

  it('passes an enforced check that one run reached: the median is reported, not enforced', () => {
    const enforced = parseChecks('accessibility,performance:desktop');
    const runs = [91, 92, 92, 93, 98].map((performance) =>
      pageWith({ performance, accessibility: 100, 'best-practices': 100 }, 'desktop'),
    );
    const page: PageResult = {
      ...runs[0]!,
      runs: runs.flatMap((result) => result.runs),
      median: medianRun(runs.flatMap((result) => result.runs)),
    };
    expect(page.median.scores.performance).toBe(92);
    expect(belowMinimum(page, enforced)).toEqual([]);
    expect(passedByAnotherRun(page, enforced)).toEqual(['performance']);
    // Five runs below: it fails.
    const slow = { ...page, runs: page.runs.slice(0, 4).concat(page.runs[0]!) };
    expect(belowMinimum(slow, enforced)).toEqual(['performance']);
    expect(passedByAnotherRun(slow, enforced)).toEqual([]);
  });

  it('confirms a failure of an enforced check with up to five runs, and only that', () => {
    const enforced = parseChecks('accessibility,performance:desktop');
    const scores = { performance: 90, accessibility: 100, 'best-practices': 100 };
    for (const runs of [1, 2, 3, 4]) {
      expect(needsAnotherRun(pageWith(scores, 'desktop', runs), enforced)).toBe(true);
    }
    expect(needsAnotherRun(pageWith(scores, 'desktop', 5), enforced)).toBe(false);
    // Reported, not enforced: no run more.
    expect(needsAnotherRun(pageWith(scores, 'mobile', 1), enforced)).toBe(false);
    // Passing: no run more.
    expect(needsAnotherRun(pageWith({ ...scores, performance: 99 }, 'desktop', 1), enforced)).toBe(
      false,
    );
  });
});
