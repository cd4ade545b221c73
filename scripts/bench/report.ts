// The figures of one bench run: printed as an aligned Markdown table (readable in a terminal
// and in a rendered .md alike) and kept as JSON and Markdown under bench/results/.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Measurement, Settings } from './measure.ts';
import type { TargetCheck } from './targets.ts';

export interface BenchReport {
  startedAt: string;
  dialect: 'sqlite' | 'postgres';
  node: string;
  cpus: number;
  cpuModel: string;
  /** 1-minute load average before the run: well above 0, something else was busy. */
  loadAverageBefore: number;
  settings: Settings & { loginConnections: number };
  /** What the measured requests read, and how long writing it took. */
  seeding: {
    traders: number;
    crowdSessions: number;
    /** The bench trader's sessions without a screenshot, written with the crowd. */
    bulkSessions: number;
    bulkSeconds: number;
    /** The bench trader's sessions with a screenshot, recorded through the API. */
    screenshots: number;
    apiSeconds: number;
  };
  /** The server child's memory after the last target, from /proc/<pid>/status. */
  serverMemory: { rssMiB: number; peakRssMiB: number } | null;
  /** One argon2id hash, timed in the bench process: the floor of a login's time. */
  hashMs: number | null;
  /** From spawning the server on the database the run left to its first 200 on /api/health. */
  startupMs: number;
  /** The server's own CPU time (all its threads) until then: start-up's cost without the wait. */
  startupCpuMs: number;
  ceiling: Measurement;
  /** `rssMiB`: the server's resident memory right after that target's rounds. */
  results: (Measurement & { percentOfCeiling: number; rssMiB: number | null })[];
  targets: TargetCheck[];
  /** Things a reader must know to trust the figures (429s, profiling on, …). */
  notes: string[];
}

const number = (n: number, digits = 0) =>
  n.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });

function table(header: string[], rows: string[][], rightAligned: boolean[]): string {
  const widths = header.map((title, i) =>
    Math.max(title.length, ...rows.map((r) => r[i]?.length ?? 0)),
  );
  const line = (cells: string[]) =>
    `| ${cells.map((c, i) => (rightAligned[i] ? c.padStart(widths[i] ?? 0) : c.padEnd(widths[i] ?? 0))).join(' | ')} |`;
  const rule = `|${widths.map((w, i) => (rightAligned[i] ? `${'-'.repeat(w + 1)}:` : `:${'-'.repeat(w + 1)}`)).join('|')}|`;
  return [line(header), rule, ...rows.map(line)].join('\n');
}

export function formatReport(report: BenchReport): string {
  const { settings: s } = report;
  const row = (m: Measurement, percent: number, rssMiB: number | null) => [
    m.label,
    String(m.connections),
    number(m.median.requestsPerSecond),
    number(m.median.p50Ms),
    number(m.median.p99Ms),
    String(m.errors),
    `${number(percent, 1)}%`,
    `±${number(m.spreadPercent / 2, 1)}%`,
    m.otherLoadPercent === null ? '?' : `${number(m.otherLoadPercent)}%`,
    rssMiB === null ? '' : number(rssMiB),
  ];
  const memory = report.serverMemory
    ? `${number(report.serverMemory.rssMiB, 1)} MiB (peak ${number(report.serverMemory.peakRssMiB, 1)} MiB)`
    : 'unknown (no /proc)';
  const seeded = report.seeding;
  return [
    `## Rulekeeper bench: ${report.dialect}, ${report.startedAt}`,
    '',
    `Data: ${number(seeded.traders)} traders with ${number(seeded.crowdSessions)} sessions, and ` +
      `the bench trader with 20 rules and ${number(seeded.bulkSessions + seeded.screenshots)} ` +
      `sessions (written in bulk in ${number(seeded.bulkSeconds, 1)} s), ` +
      `${seeded.screenshots} of them with a screenshot (through the API, ` +
      `${number(seeded.apiSeconds, 1)} s).`,
    '',
    `Node ${report.node}, ${report.cpus} CPUs (${report.cpuModel}); autocannon with ` +
      `${s.connections} connections (login: ${s.loginConnections}), ${s.warmupSeconds} s warm-up ` +
      `then ${s.rounds} × ${s.seconds} s per endpoint, median round shown; ` +
      `load average before the run ${number(report.loadAverageBefore, 2)}.`,
    '',
    table(
      [
        'endpoint',
        'conn',
        'req/s',
        'p50 ms',
        'p99 ms',
        'errors',
        'of ceiling',
        'spread',
        'others',
        'RSS MiB',
      ],
      [
        row(report.ceiling, 100, null),
        ...report.results.map((m) => row(m, m.percentOfCeiling, m.rssMiB)),
      ],
      [false, true, true, true, true, true, true, true, true, true],
    ),
    '',
    `Server RSS after the run: ${memory}.`,
    ...(report.hashMs === null
      ? []
      : [
          `One argon2id password hash (the cost of each login): ${number(report.hashMs, 1)} ms, ` +
            'median of 5 timed in the bench process with the server idle.',
        ]),
    `Start-up to serving on the existing database: ${number(report.startupMs)} ms ` +
      `(spawn to the first 200 from /api/health; ${number(report.startupCpuMs)} ms of the ` +
      "server's CPU).",
    'errors: socket errors, timeouts and non-2xx answers over all measured rounds. ' +
      'spread: half the range of req/s across rounds, relative to the median. ' +
      'others: CPU used by other processes meanwhile, as a share of the whole machine ' +
      '(PostgreSQL counts as ours).',
    ...report.notes.map((note) => `\n**Note:** ${note}`),
    '',
    '### Targets',
    '',
    table(
      ['target', 'measured', ''],
      report.targets.map((check) => [check.target, check.measured, check.isMet ? 'met' : 'missed']),
      [false, true, false],
    ),
  ].join('\n');
}

/** Writes bench/results/<dialect>-<timestamp>.json and .md; returns their paths. */
export function saveReport(report: BenchReport, appendix = '', dir = 'bench/results'): string[] {
  mkdirSync(dir, { recursive: true });
  const base = join(dir, `${report.dialect}-${report.startedAt.replace(/[:.]/g, '-')}`);
  writeFileSync(`${base}.json`, `${JSON.stringify(report, null, 2)}\n`);
  writeFileSync(`${base}.md`, `${formatReport(report)}\n${appendix}`);
  return [`${base}.json`, `${base}.md`];
}
