// `npm run audit`: Lighthouse 12 on the production build, the way a trader meets it: the login
// page, and the dashboard of a trader with six months of data (the demo trader of
// `npm run seed:demo`), each as a phone and as a desktop. It prints the scores and the main
// metrics and exits non-zero when a performance, accessibility or best-practices score is below
// 95 in every run of a page (up to five confirm a failure). The JSON summary lands in
// audit/results/ (docs/decisions/0032).
//
//   npm run audit                    builds first, then 3 runs of each page, the median reported
//   npm run audit -- --reuse-build   serves the existing dist/ (CI, right after the e2e tests)
//   npm run audit -- --runs 1        one run each, for a quick look
//   npm run audit -- --enforce accessibility,best-practices,performance:desktop
//                                    fails only on these categories (a category alone, or on
//                                    one form factor); the others are reported (CI: the phone's
//                                    performance depends on the machine, decision 32)
//
// The server runs on a fresh SQLite folder in the temp directory, removed at the end.
import { execSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { fileURLToPath } from 'node:url';
import { launchChromium } from './audit/chromium.ts';
import {
  CATEGORIES,
  runLighthouse,
  type Category,
  type FormFactor,
  type RunSummary,
} from './audit/lighthouse.ts';
import {
  belowMinimum,
  belowMinimumReported,
  bestScore,
  CONFIRMING_RUNS,
  formatCheck,
  formatFailingAudits,
  formatTable,
  medianRun,
  MIN_SCORE,
  needsAnotherRun,
  parseChecks,
  passedByAnotherRun,
  saveResults,
  type PageResult,
} from './audit/report.ts';
import { freePort, startNode, stop, waitUntilReady } from './bench/children.ts';

process.chdir(fileURLToPath(new URL('..', import.meta.url)));

const { values: options } = parseArgs({
  options: {
    'reuse-build': { type: 'boolean', default: false },
    runs: { type: 'string', default: '3' },
    enforce: { type: 'string', default: CATEGORIES.join(',') },
  },
});
const runs = Math.max(1, Number(options.runs) || 1);
const enforced = parseChecks(options.enforce);

/** The demo trader `scripts/seed-demo.ts` creates. */
const DEMO_LOGIN = { username: 'demo', password: 'demo-trader-2026' };

const startedAt = new Date();
const cleanups: (() => unknown)[] = [];
async function cleanUp() {
  for (const cleanup of cleanups.reverse()) await cleanup();
}
process.once('SIGINT', () => void cleanUp().then(() => process.exit(130)));

async function logIn(base: string): Promise<string> {
  const response = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(DEMO_LOGIN),
  });
  if (!response.ok) {
    throw new Error(`logging in the demo trader: ${response.status} ${await response.text()}`);
  }
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0])
    .join('; ');
}

/**
 * Lighthouse sometimes fails to record a trace on a busy machine (NO_NAVSTART, NO_FCP): that is
 * a failed measurement, not a score, so the run is tried again, up to twice.
 */
async function withRetry<T>(run: () => Promise<T>, attempts = 3): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await run();
    } catch (error) {
      if (attempt >= attempts) throw error;
      console.warn(`::: ${error instanceof Error ? error.message : error}; trying again`);
    }
  }
}

const oneMinuteLoad = () => loadavg()[0] ?? 0;

/**
 * Waits, a minute and a half at most, for the machine's one-minute load to fall to its core
 * count. CI runs the audit right after the journeys, whose browsers and servers leave the load
 * at up to three times the cores for a while: the one CI run that failed on a desktop score
 * (the dashboard at 90–94, 2026-12-07) audited then, and the same build read 99 on the quiet
 * machine after. The load is printed either way, beside the scores it may explain.
 */
async function waitForQuietMachine() {
  const cores = cpus().length;
  const began = Date.now();
  while (oneMinuteLoad() > cores && Date.now() - began < 90_000) {
    await new Promise((resolve) => setTimeout(resolve, 5_000));
  }
  const waited = Math.round((Date.now() - began) / 1000);
  console.log(
    `::: machine load ${oneMinuteLoad().toFixed(2)} on ${cores} cores (waited ${waited} s)`,
  );
}

async function main() {
  const built = ['dist/server/main.js', 'dist/server/seed-demo.js'].every((file) =>
    existsSync(file),
  );
  if (!options['reuse-build'] || !built) {
    console.log('::: building');
    execSync('npm run build', { stdio: ['ignore', 'ignore', 'inherit'] });
  }

  // SQLite whatever the shell says: the audit is about the browser, not the database.
  const dataDir = mkdtempSync(join(tmpdir(), 'rulekeeper-audit-'));
  cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    JOBS_INTERVAL_SECONDS: '0',
  };
  delete env.DATABASE_URL;

  console.log('::: seeding the demo trader');
  const seeding = startNode('seed-demo', ['dist/server/seed-demo.js'], env);
  if ((await seeding.exited) !== 0) throw new Error('seeding the demo trader failed');

  const port = await freePort();
  const server = startNode('server', ['dist/server/main.js'], {
    ...env,
    PORT: String(port),
    HOST: '127.0.0.1',
  });
  cleanups.push(() => stop(server));
  const base = `http://127.0.0.1:${port}`;
  await waitUntilReady(server, `${base}/api/health`);
  const cookie = await logIn(base);

  await waitForQuietMachine();
  const chromium = await launchChromium();
  cleanups.push(() => chromium.stop());

  const pages = [
    { page: 'login', url: `${base}/login` },
    { page: 'dashboard', url: `${base}/`, cookie },
  ];
  const formFactors: FormFactor[] = ['mobile', 'desktop'];
  const results: PageResult[] = [];
  for (const { page, url, cookie: pageCookie } of pages) {
    for (const formFactor of formFactors) {
      const summaries: RunSummary[] = [];
      const result = (): PageResult => ({
        page,
        url,
        formFactor,
        median: medianRun(summaries),
        runs: summaries,
      });
      const runOnce = async (label: string) => {
        const began = Date.now();
        const summary = await withRetry(() =>
          runLighthouse(url, formFactor, chromium.port, pageCookie),
        );
        summaries.push(summary);
        const { performance, accessibility } = summary.scores;
        console.log(
          `::: ${page} ${formFactor} ${label}: performance ${performance}, ` +
            `accessibility ${accessibility}, best practices ${summary.scores['best-practices']} ` +
            `(${((Date.now() - began) / 1000).toFixed(1)} s)`,
        );
      };
      for (let run = 1; run <= runs; run += 1) await runOnce(`run ${run}/${runs}`);
      while (needsAnotherRun(result(), enforced)) {
        await runOnce(`run ${summaries.length + 1} (confirming a score below ${MIN_SCORE})`);
      }
      results.push(result());
    }
  }

  const confirmed = results.some((result) => result.runs.length > runs);
  console.log(
    `\nLighthouse, median of ${runs} run(s)${confirmed ? ` (up to ${CONFIRMING_RUNS} where a failure was being confirmed)` : ''}; minimum score ${MIN_SCORE}\n`,
  );
  console.log(formatTable(results));
  const failingAudits = formatFailingAudits(results);
  if (failingAudits) console.log(`\nAudits below 90 in the median runs:\n${failingAudits}`);
  const warnings = [...new Set(results.flatMap((result) => result.median.warnings))];
  if (warnings.length > 0) console.log(`\nLighthouse warnings:\n  ${warnings.join('\n  ')}`);

  const named = (result: PageResult, categories: Category[]) =>
    categories.map((category) => `${result.page}/${result.formFactor} ${category}`);
  const failures = results.flatMap((result) => named(result, belowMinimum(result, enforced)));
  const reported = results.flatMap((result) =>
    named(result, belowMinimumReported(result, enforced)),
  );
  const passedByAnother = results.flatMap((result) =>
    passedByAnotherRun(result, enforced).map(
      (category) =>
        `${result.page}/${result.formFactor} ${category} (median ${result.median.scores[category]}, ` +
        `best ${bestScore(result, category)})`,
    ),
  );
  const file = saveResults(
    {
      startedAt: startedAt.toISOString(),
      seconds: Math.round((Date.now() - startedAt.getTime()) / 1000),
      runs,
      minimumScore: MIN_SCORE,
      enforced: enforced.map(formatCheck),
      machine: { cpus: cpus().length, loadAverage: loadavg()[0] },
      // Lighthouse's own measure of this machine's CPU: below ~1000 its simulated phone is slower
      // than the phone it means to simulate.
      benchmarkIndex: results.map((result) => result.median.benchmarkIndex),
      failures,
      passedByAnotherRun: passedByAnother,
      belowMinimumNotEnforced: reported,
      results,
    },
    startedAt.toISOString().replace(/[:.]/g, '-'),
  );
  console.log(`\nSummary written to ${file}`);
  if (reported.length > 0) {
    console.log(`\nBelow ${MIN_SCORE}, reported and not enforced: ${reported.join(', ')}`);
  }
  if (passedByAnother.length > 0) {
    console.log(
      `\nEnforced and passed by a run other than the median: ${passedByAnother.join(', ')}`,
    );
  }
  if (failures.length > 0) {
    console.error(`\nBelow ${MIN_SCORE}: ${failures.join(', ')}`);
    process.exitCode = 1;
  }
}

try {
  await main();
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
} finally {
  await cleanUp();
}
