// The audit's table and its JSON summary.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { CATEGORIES, type Category, type FormFactor, type RunSummary } from './lighthouse.ts';

export const MIN_SCORE = 95;

export interface PageResult {
  page: string;
  url: string;
  formFactor: FormFactor;
  /** The median run (by performance score), whose figures the table shows. */
  median: RunSummary;
  runs: RunSummary[];
}

/**
 * The run in the middle by performance score (then LCP), as Lighthouse advises for its variance:
 * one real run, so its scores and metrics belong together.
 */
export function medianRun(runs: RunSummary[]): RunSummary {
  const sorted = [...runs].sort(
    (a, b) => a.scores.performance - b.scores.performance || b.metrics.lcp - a.metrics.lcp,
  );
  const median = sorted[Math.floor((sorted.length - 1) / 2)];
  if (!median) throw new Error('no run to take the median of');
  return median;
}

/** A category the audit fails on, on every form factor or on one (`performance:desktop`). */
export interface Check {
  category: Category;
  formFactor?: FormFactor;
}

const EVERY_CATEGORY: Check[] = CATEGORIES.map((category) => ({ category }));

function isChecked(checks: readonly Check[], category: Category, formFactor: FormFactor) {
  return checks.some(
    (check) =>
      check.category === category &&
      (check.formFactor === undefined || check.formFactor === formFactor),
  );
}

/** The best score of `category` among the page's runs. */
export function bestScore(result: PageResult, category: Category): number {
  return Math.max(...result.runs.map((run) => run.scores[category]));
}

/**
 * The categories `checks` name that no run of `result` reached the minimum in. One run at the
 * minimum shows the build can score it on this machine, as a passing first run always did: the
 * runs that confirm a failure are held to the same standard (decision 32, amended 2026-12-06).
 */
export function belowMinimum(result: PageResult, checks: readonly Check[] = EVERY_CATEGORY) {
  return CATEGORIES.filter(
    (id) => bestScore(result, id) < MIN_SCORE && isChecked(checks, id, result.formFactor),
  );
}

/** The enforced categories whose median run is below the minimum but another run reached it. */
export function passedByAnotherRun(result: PageResult, checks: readonly Check[]) {
  return CATEGORIES.filter(
    (id) =>
      result.median.scores[id] < MIN_SCORE &&
      bestScore(result, id) >= MIN_SCORE &&
      isChecked(checks, id, result.formFactor),
  );
}

/** How many runs may confirm that an enforced check fails. */
export const CONFIRMING_RUNS = 5;

/**
 * A score varies from run to run, so a failure of an enforced check is confirmed, or not, by up
 * to five runs: CI runs each page once, and pays for more only on a failure, until a run passes
 * or five runs have failed it.
 */
export function needsAnotherRun(result: PageResult, checks: readonly Check[]) {
  return result.runs.length < CONFIRMING_RUNS && belowMinimum(result, checks).length > 0;
}

/** The categories of `result` below the minimum that no check names: reported, not failed. */
export function belowMinimumReported(result: PageResult, checks: readonly Check[]) {
  return CATEGORIES.filter(
    (id) => result.median.scores[id] < MIN_SCORE && !isChecked(checks, id, result.formFactor),
  );
}

const FORM_FACTORS: readonly FormFactor[] = ['mobile', 'desktop'];

/**
 * The checks named in `list` (comma-separated, as `--enforce` takes them: a category, or a
 * category and a form factor such as `performance:desktop`), in Lighthouse's order; throws on
 * a name Lighthouse does not have, so that a typo cannot turn a check off.
 */
export function parseChecks(list: string): Check[] {
  const names = list
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean);
  const checks = names.map((name) => {
    const [category, formFactor, ...rest] = name.split(':');
    const known =
      (CATEGORIES as readonly string[]).includes(category ?? '') &&
      (formFactor === undefined || (FORM_FACTORS as readonly string[]).includes(formFactor)) &&
      rest.length === 0;
    return known ? ({ category, formFactor } as Check) : null;
  });
  if (names.length === 0 || checks.includes(null)) {
    throw new Error(
      `--enforce takes categories among ${CATEGORIES.join(', ')}, each alone or with :${FORM_FACTORS.join(' or :')}; got "${list}"`,
    );
  }
  return (checks as Check[])
    .map((check) => (check.formFactor === undefined ? { category: check.category } : check))
    .sort((a, b) => CATEGORIES.indexOf(a.category) - CATEGORIES.indexOf(b.category));
}

/** How a check reads on the command line and in the summary. */
export function formatCheck({ category, formFactor }: Check) {
  return formFactor ? `${category}:${formFactor}` : category;
}

const ms = (value: number) => (Number.isFinite(value) ? `${Math.round(value)} ms` : '-');

export function formatTable(results: PageResult[]): string {
  const header = ['page', 'form factor', 'perf', 'a11y', 'best pr.', 'FCP', 'LCP', 'TBT', 'CLS'];
  const rows = results.map(({ page, formFactor, median, runs }) => [
    page,
    formFactor,
    ...CATEGORIES.map((id) => {
      const all = runs.map((run) => run.scores[id]);
      const spread =
        Math.min(...all) === Math.max(...all) ? '' : ` (${Math.min(...all)}–${Math.max(...all)})`;
      return `${median.scores[id]}${spread}${median.scores[id] < MIN_SCORE ? ' ✗' : ''}`;
    }),
    ms(median.metrics.fcp),
    ms(median.metrics.lcp),
    ms(median.metrics.tbt),
    Number.isFinite(median.metrics.cls) ? median.metrics.cls.toFixed(3) : '-',
  ]);
  const widths = header.map((title, i) =>
    Math.max(title.length, ...rows.map((row) => (row[i] ?? '').length)),
  );
  const line = (cells: string[]) =>
    cells
      .map((cell, i) => (i < 2 ? cell.padEnd(widths[i] ?? 0) : cell.padStart(widths[i] ?? 0)))
      .join('  ');
  return [line(header), line(widths.map((w) => '-'.repeat(w))), ...rows.map(line)].join('\n');
}

/** Audits that did not pass in the median runs, once each, with the pages they failed on. */
export function formatFailingAudits(results: PageResult[]): string {
  const seen = new Map<string, { title: string; where: string[] }>();
  for (const { page, formFactor, median } of results) {
    for (const audit of median.failing) {
      const entry = seen.get(audit.id) ?? { title: audit.title, where: [] };
      entry.where.push(
        `${page}/${formFactor}${audit.displayValue ? ` ${audit.displayValue}` : ''}`,
      );
      seen.set(audit.id, entry);
    }
  }
  return [...seen]
    .map(([id, { title, where }]) => `  ${id}: ${title} (${where.join('; ')})`)
    .join('\n');
}

/**
 * Writes the summary as `audit/results/<stamp>.json` and `latest.json`, and Lighthouse's full
 * report of each median run as `latest-<page>-<form factor>.report.json` (open it in the
 * Lighthouse viewer); answers the summary's path.
 */
export function saveResults(
  summary: { results: PageResult[] } & Record<string, unknown>,
  stamp: string,
): string {
  const dir = 'audit/results';
  mkdirSync(dir, { recursive: true });
  for (const result of summary.results) {
    const { report } = result.median;
    const name = `latest-${result.page}-${result.formFactor}.report.json`;
    if (report) writeFileSync(join(dir, name), JSON.stringify(report));
    for (const run of result.runs) delete run.report;
  }
  const json = `${JSON.stringify(summary, null, 2)}\n`;
  const file = join(dir, `${stamp}.json`);
  writeFileSync(file, json);
  writeFileSync(join(dir, 'latest.json'), json);
  return file;
}
