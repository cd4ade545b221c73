// One Lighthouse run of one page in one form factor, reduced to the figures the audit reports.
import lighthouse, { desktopConfig, type Result } from 'lighthouse';

export const CATEGORIES = ['performance', 'accessibility', 'best-practices'] as const;
export type Category = (typeof CATEGORIES)[number];
export type FormFactor = 'mobile' | 'desktop';

export const METRICS = {
  fcp: 'first-contentful-paint',
  lcp: 'largest-contentful-paint',
  tbt: 'total-blocking-time',
  cls: 'cumulative-layout-shift',
} as const;
export type Metric = keyof typeof METRICS;

export interface RunSummary {
  /** Scores out of 100, as Lighthouse shows them. */
  scores: Record<Category, number>;
  /** FCP, LCP and TBT in milliseconds; CLS unitless. */
  metrics: Record<Metric, number>;
  /** Audits of the three categories that did not pass, for the reader to act on. */
  failing: { id: string; title: string; score: number | null; displayValue?: string }[];
  /** Lighthouse's own warnings about the run (a page that redirected, a slow host). */
  warnings: string[];
  /** Whatever Lighthouse saw of the page's bytes. */
  totalBytes: number;
  /** The benchmark index: this machine's CPU speed as Lighthouse measured it. */
  benchmarkIndex: number | undefined;
  /** Lighthouse's whole report, saved beside the summary for the median run only. */
  report?: Result;
}

/**
 * Lighthouse in its defaults for `mobile` (a mid-range phone on slow 4G, simulated) and its
 * desktop preset for `desktop`, on the Chromium listening on `port`. `cookie` logs the page in.
 */
export async function runLighthouse(
  url: string,
  formFactor: FormFactor,
  port: number,
  cookie?: string,
): Promise<RunSummary> {
  const runner = await lighthouse(
    url,
    {
      port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: [...CATEGORIES],
      ...(cookie ? { extraHeaders: { Cookie: cookie } } : {}),
    },
    formFactor === 'desktop' ? desktopConfig : undefined,
  );
  if (!runner) throw new Error(`Lighthouse gave no result for ${url}`);
  const { lhr } = runner;
  if (lhr.runtimeError) {
    throw new Error(`Lighthouse could not audit ${url}: ${lhr.runtimeError.message}`);
  }
  return { ...summarize(lhr), report: lhr };
}

function summarize(lhr: Result): RunSummary {
  const scores = Object.fromEntries(
    CATEGORIES.map((id) => [id, Math.round((lhr.categories[id]?.score ?? 0) * 100)]),
  ) as Record<Category, number>;
  const metrics = Object.fromEntries(
    Object.entries(METRICS).map(([key, id]) => [key, lhr.audits[id]?.numericValue ?? NaN]),
  ) as Record<Metric, number>;
  const audited = new Set(
    CATEGORIES.flatMap((id) => lhr.categories[id]?.auditRefs.map((ref) => ref.id) ?? []),
  );
  const failing = [...audited]
    .map((id) => lhr.audits[id])
    .filter((audit) => audit !== undefined)
    .filter(
      (audit) =>
        audit.score !== null &&
        audit.score < 0.9 &&
        !['informative', 'notApplicable', 'manual'].includes(audit.scoreDisplayMode),
    )
    .map((audit) => ({
      id: audit.id,
      title: audit.title,
      score: audit.score,
      ...(audit.displayValue ? { displayValue: audit.displayValue } : {}),
    }));
  return {
    scores,
    metrics,
    failing,
    warnings: lhr.runWarnings,
    totalBytes: lhr.audits['total-byte-weight']?.numericValue ?? NaN,
    benchmarkIndex: lhr.environment.benchmarkIndex,
  };
}
