// The performance targets of the issue, checked against one run's figures. Printed and saved
// as information: a missed target is something to explain or fix, never a failed bench (the
// figures move with the machine's load; only errors mean something broke).
import type { Measurement } from './measure.ts';

export interface TargetCheck {
  target: string;
  measured: string;
  isMet: boolean;
}

export interface CheckedFigures {
  dialect: 'sqlite' | 'postgres';
  /** The connection count of the run: reads are held to their p99 at this load. */
  connections: number;
  results: (Measurement & { percentOfCeiling: number })[];
  rssMiB: number | null;
  startupMs: number | null;
}

const READ_P99_MS = 25;
/** Authenticated reads against the hello world, on SQLite (PostgreSQL adds a round trip). */
const READ_SHARE_OF_CEILING = 30;
const ANALYTICS_ONE_CLIENT_P50_MS = 20;
const ANALYTICS_REQUESTS_PER_SECOND = 500;
/** 200 MB, decimal: what the issue says; RSS is read in MiB. */
const RSS_LIMIT_MIB = 200e6 / 2 ** 20;
const STARTUP_MS = 1500;

const fixed = (n: number, digits = 0) =>
  n.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });

/** One line per target that this run measured; targets of unmeasured endpoints are left out. */
export function checkTargets(figures: CheckedFigures): TargetCheck[] {
  const checks: TargetCheck[] = [];
  const { results, dialect } = figures;
  const isSqlite = dialect === 'sqlite';

  const errors = results.reduce((sum, m) => sum + m.errors, 0);
  checks.push({
    target: 'zero errors (socket errors, timeouts, non-2xx)',
    measured:
      errors === 0
        ? '0'
        : `${errors} (${results
            .filter((m) => m.errors)
            .map((m) => m.key)
            .join(', ')})`,
    isMet: errors === 0,
  });

  const reads = results.filter((m) => m.method === 'GET' && m.connections >= figures.connections);
  for (const m of reads) {
    checks.push({
      target: `${m.label}: p99 ≤ ${READ_P99_MS} ms at ${m.connections} connections`,
      measured: `${fixed(m.median.p99Ms)} ms`,
      isMet: m.median.p99Ms <= READ_P99_MS,
    });
  }
  if (isSqlite) {
    // Analytics has targets of its own, below: it does a month-by-month sum, not a lookup.
    for (const m of reads.filter((r) => r.isAuthenticated && !r.key.startsWith('analytics'))) {
      checks.push({
        target: `${m.label}: ≥ ${READ_SHARE_OF_CEILING}% of the ceiling`,
        measured: `${fixed(m.percentOfCeiling, 1)}%`,
        isMet: m.percentOfCeiling >= READ_SHARE_OF_CEILING,
      });
    }
  }

  const analyticsOne = results.find((m) => m.key === 'analytics-1');
  if (analyticsOne) {
    checks.push({
      target: `GET /api/analytics, one client: p50 ≤ ${ANALYTICS_ONE_CLIENT_P50_MS} ms`,
      measured: `${fixed(analyticsOne.median.p50Ms)} ms`,
      isMet: analyticsOne.median.p50Ms <= ANALYTICS_ONE_CLIENT_P50_MS,
    });
  }
  const analytics = results.find((m) => m.key === 'analytics');
  if (analytics) {
    checks.push({
      target: `GET /api/analytics: ≥ ${ANALYTICS_REQUESTS_PER_SECOND} req/s at ${analytics.connections} connections`,
      measured: `${fixed(analytics.median.requestsPerSecond)} req/s`,
      isMet: analytics.median.requestsPerSecond >= ANALYTICS_REQUESTS_PER_SECOND,
    });
  }

  if (isSqlite && figures.rssMiB !== null) {
    checks.push({
      target: 'server RSS ≤ 200 MB after the run',
      measured: `${fixed(figures.rssMiB * 1.048576)} MB`,
      isMet: figures.rssMiB <= RSS_LIMIT_MIB,
    });
  }
  if (figures.startupMs !== null) {
    checks.push({
      target: `start-up to serving ≤ ${fixed(STARTUP_MS / 1000, 1)} s on the existing database`,
      measured: `${fixed(figures.startupMs)} ms`,
      isMet: figures.startupMs <= STARTUP_MS,
    });
  }
  return checks;
}
