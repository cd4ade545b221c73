// `npm run bench`: throughput and latency of the production server, next to a bare Fastify
// hello world measured the same way on the same machine (the ceiling), so the figures say how
// much the app's own work costs rather than how fast this machine happens to be.
//
// Both servers run as child processes; autocannon runs here, so it never shares their event
// loop. SQLite in a fresh temp dir, or `DATABASE_URL=postgres://… npm run bench` (a fresh
// database is created from that admin URL and dropped at the end). It builds first, seeds a
// thousand traders in bulk and the heavy trader through the API, measures every target, then
// restarts the server on the database it leaves to time the start-up. The server runs with the
// Node flags of `npm run serve` and the allocator setting of docs/deploy.md
// (bench/served-as-deployed.ts): its memory is one of the figures.
//
//   BENCH_SECONDS=5 BENCH_ROUNDS=3 BENCH_WARMUP=2 BENCH_CONNECTIONS=50   the defaults
//   BENCH_LOGIN_CONNECTIONS=5       connections for POST /api/auth/login
//   BENCH_TRADERS=1000              traders seeded around the heavy one
//   BENCH_ONLY=session,rules        only these targets (health, session, rules, sessions,
//                                   sessions-filtered, session-details, thumbnail, analytics,
//                                   analytics-1, streaks, create, login)
//   BENCH_PROFILE=1                 --cpu-prof the server; print where its time went
//   BENCH_SKIP_BUILD=1              measure the existing dist/ instead of running npm run build
//
// A benchmark never fails on timing: the targets check is printed, and it exits non-zero only
// when something broke (a crash, errors or non-2xx answers).
import { execSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { createBenchDatabase, gatherStatistics } from './bench/bench-database.ts';
import { freePort, memoryOf, startNode, stop, waitUntilReady } from './bench/children.ts';
import { measure, type Measurement, type Settings, type Target } from './bench/measure.ts';
import { type BenchReport, formatReport, saveReport } from './bench/report.ts';
import { startOtherLoad, ticksOf } from './bench/other-load.ts';
import { seed } from './bench/seed.ts';
import { deployedEnvironment, serveArguments } from './bench/served-as-deployed.ts';
import { seedInBulk } from './bench/seed-bulk.ts';
import { formatProfileSummary, summarizeProfile } from './bench/summarize-profile.ts';
import { checkTargets } from './bench/targets.ts';
import { createPasswordHasher } from '#server/modules/users/passwords.ts';

process.chdir(fileURLToPath(new URL('..', import.meta.url)));

const env = (name: string, fallback: number) => {
  const value = Number(process.env[name] || fallback);
  return Number.isFinite(value) && value >= 0 ? value : fallback;
};
const settings: Settings = {
  connections: env('BENCH_CONNECTIONS', 50),
  seconds: env('BENCH_SECONDS', 5),
  rounds: Math.max(1, env('BENCH_ROUNDS', 3)),
  warmupSeconds: env('BENCH_WARMUP', 2),
};
// Each login hashes a password with argon2 (~14 ms of CPU), so a few connections already keep
// both cores busy. They stay at or below half the attempt limit per username and address (10
// in flight): requests still in flight from one autocannon run add to the next run's.
const LOGIN_CONNECTIONS = Math.min(env('BENCH_LOGIN_CONNECTIONS', 5), settings.connections);
const TRADERS = env('BENCH_TRADERS', 1000);
const skipBuild = ['1', 'true'].includes(process.env.BENCH_SKIP_BUILD ?? '');
const only = process.env.BENCH_ONLY?.split(',')
  .map((key) => key.trim())
  .filter(Boolean);
const isProfiling = ['1', 'true'].includes(process.env.BENCH_PROFILE ?? '');
const adminDatabaseUrl = process.env.DATABASE_URL || undefined;
const dialect = adminDatabaseUrl ? 'postgres' : 'sqlite';
const startedAt = new Date().toISOString();
// Anything else busy on the machine (tests, a build) takes CPU from both sides: recorded so a
// reader can tell a slow machine from a slow server.
const loadBefore = loadavg()[0] ?? 0;
const stamp = `${dialect}-${startedAt.replace(/[:.]/g, '-')}`;
const profileFile = join('bench/profiles', `${stamp}.cpuprofile`);

/** The calendar day `days` before `day`, `YYYY-MM-DD`. */
const daysBefore = (day: string, days: number) =>
  new Date(Date.parse(day) - days * 86_400_000).toISOString().slice(0, 10);

// Undone in reverse order at the end, also after a failure or Ctrl-C.
const cleanups: (() => unknown)[] = [];
async function cleanUp() {
  for (let undo = cleanups.pop(); undo; undo = cleanups.pop()) {
    try {
      await undo();
    } catch (error) {
      console.warn('cleanup:', error instanceof Error ? error.message : error);
    }
  }
}
// Ctrl-C or a CI timeout: stop the children and drop the database rather than leave them.
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void cleanUp().then(() => process.exit(signal === 'SIGINT' ? 130 : 143));
  });
}

/** The newest file the server bundle is built from. */
function newestServerSource(): { path: string; mtimeMs: number } {
  let newest = { path: '', mtimeMs: 0 };
  for (const dir of ['src/server', 'src/shared']) {
    for (const name of readdirSync(dir, { recursive: true, encoding: 'utf8' })) {
      const path = join(dir, name);
      const { mtimeMs } = statSync(path);
      if (mtimeMs > newest.mtimeMs) newest = { path, mtimeMs };
    }
  }
  return newest;
}

/** Sends the target's request once and waits for the answer, whatever it is. */
async function drain(target: Target) {
  await fetch(target.url, {
    method: target.method ?? 'GET',
    headers: target.headers ?? {},
    ...((target.body ?? target.bodies?.[0]) ? { body: target.body ?? target.bodies?.[0] } : {}),
  })
    .then((response) => response.arrayBuffer())
    .catch(() => undefined);
}

/** Median time of one argon2id hash as the server makes it, here, with the server idle. */
async function timeOneHash(): Promise<number> {
  const passwords = createPasswordHasher();
  const times: number[] = [];
  for (let i = 0; i < 5; i += 1) {
    const start = performance.now();
    await passwords.hash('bench-password-timing');
    times.push(performance.now() - start);
  }
  return times.sort((a, b) => a - b)[2] ?? 0;
}

async function main(): Promise<BenchReport> {
  const notes: string[] = [];
  // The bench measures the production bundle; building each time keeps it the current code.
  if (!skipBuild || !existsSync('dist/server/main.js')) {
    console.log('running npm run build');
    execSync('npm run build', { stdio: 'inherit' });
  }
  // A skipped build may be stale: it would measure code that is no longer there, so say so.
  const source = newestServerSource();
  if (source.mtimeMs > statSync('dist/server/main.js').mtimeMs) {
    notes.push(
      `dist/server/main.js is older than ${source.path}: this measured the last build, ` +
        'not the current code (run without BENCH_SKIP_BUILD).',
    );
    console.warn(notes.at(-1));
  }

  const dataDir = mkdtempSync(join(tmpdir(), 'rulekeeper-bench-'));
  cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
  const databaseUrl = adminDatabaseUrl
    ? await createBenchDatabase(adminDatabaseUrl, cleanups)
    : undefined;

  const bulkStart = performance.now();
  const bulk = await seedInBulk(
    databaseUrl
      ? { dialect: 'postgres', connectionString: databaseUrl }
      : { dialect: 'sqlite', filename: join(dataDir, 'rulekeeper.db') },
    TRADERS,
  );
  const bulkSeconds = (performance.now() - bulkStart) / 1000;
  console.log(
    `seeded in bulk: ${TRADERS} traders with ${bulk.crowdSessions} sessions, the bench ` +
      `trader's ${bulk.benchTraderSessions} sessions without a screenshot, in ` +
      `${bulkSeconds.toFixed(1)} s`,
  );

  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const serveArgs = serveArguments();
  const serverEnv: NodeJS.ProcessEnv = deployedEnvironment({
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    // Seeding and the login target sign in far more often than a person would.
    SIGNUP_RATE_LIMIT: '100000',
    // The notice jobs off unless asked for: their first run, ten seconds after the start,
    // writes a weekly report for each of the thousand traders just seeded and was still running
    // when the first targets were measured (docs/performance.md, "On Node 24").
    JOBS_INTERVAL_SECONDS: process.env.JOBS_INTERVAL_SECONDS ?? '0',
    DATABASE_URL: databaseUrl ?? '',
  });
  const server = startNode(
    'server',
    [
      ...(isProfiling
        ? [
            '--cpu-prof',
            '--cpu-prof-dir',
            'bench/profiles',
            '--cpu-prof-name',
            `${stamp}.cpuprofile`,
          ]
        : []),
      ...serveArgs,
    ],
    serverEnv,
  );
  cleanups.push(() => stop(server));
  notes.push(
    `The server ran as \`npm run serve\` runs it (\`node ${serveArgs.join(' ')}\`), with ` +
      `MALLOC_ARENA_MAX=${serverEnv.MALLOC_ARENA_MAX} as docs/deploy.md sets it, and ` +
      `JOBS_INTERVAL_SECONDS=${serverEnv.JOBS_INTERVAL_SECONDS} (0: no notice jobs).`,
  );
  await waitUntilReady(server, `${base}/api/health`);
  const apiStart = performance.now();
  const trader = await seed(base);
  const { cookie, credentials, today } = trader;
  const apiSeconds = (performance.now() - apiStart) / 1000;
  console.log(
    `seeded through the API: ${trader.screenshots} sessions with a screenshot, in ` +
      `${apiSeconds.toFixed(1)} s`,
  );
  if (databaseUrl) await gatherStatistics(databaseUrl);

  // The ceiling runs only while it is measured; the idle app server costs it nothing.
  const helloPort = await freePort();
  const hello = startNode('hello world', ['scripts/bench/hello-world.js'], {
    ...process.env,
    PORT: String(helloPort),
    HOST: '127.0.0.1',
  });
  cleanups.push(() => stop(hello));
  await waitUntilReady(hello, `http://127.0.0.1:${helloPort}/`);
  const log = (label: string, connections: number) =>
    console.log(
      `measuring ${label}: ${connections} connections, ${settings.warmupSeconds} s warm-up + ` +
        `${settings.rounds} × ${settings.seconds} s`,
    );
  const ceilingTarget: Target = {
    key: 'ceiling',
    label: 'ceiling: Fastify hello world',
    url: `http://127.0.0.1:${helloPort}/`,
  };
  log(ceilingTarget.label, settings.connections);
  const ceiling = await measure(ceilingTarget, settings, () =>
    startOtherLoad([server.pid, hello.pid], false),
  );
  await stop(hello);

  const allTargets: Target[] = [
    { key: 'health', label: 'GET /api/health', url: `${base}/api/health` },
    {
      key: 'session',
      label: 'GET /api/auth/session',
      url: `${base}/api/auth/session`,
      headers: { cookie },
    },
    {
      key: 'rules',
      label: 'GET /api/rules (20 rules)',
      url: `${base}/api/rules`,
      headers: { cookie },
    },
    {
      key: 'sessions',
      label: 'GET /api/sessions (a page of 50)',
      url: `${base}/api/sessions?limit=50`,
      headers: { cookie },
    },
    {
      key: 'sessions-filtered',
      label: 'GET /api/sessions (filtered: type, band, a year)',
      url: `${base}/api/sessions?limit=50&sessionTypeId=2&band=amber&from=${daysBefore(today, 365)}`,
      headers: { cookie },
    },
    {
      key: 'session-details',
      label: 'GET /api/sessions/{id} (20-rule checklist)',
      url: `${base}/api/sessions/${trader.sessionId}`,
      headers: { cookie },
    },
    {
      key: 'thumbnail',
      label: 'GET /api/screenshots/{ref}/thumbnail',
      url: `${base}/api/screenshots/${trader.screenshotRef}/thumbnail`,
      headers: { cookie },
    },
    {
      key: 'analytics',
      label: 'GET /api/analytics (5,000 sessions × 20 rules)',
      url: `${base}/api/analytics?today=${today}`,
      headers: { cookie },
    },
    {
      key: 'analytics-1',
      label: 'GET /api/analytics, one client',
      url: `${base}/api/analytics?today=${today}`,
      headers: { cookie },
      connections: 1,
    },
    {
      key: 'streaks',
      label: 'GET /api/discipline/streaks (the dashboard)',
      url: `${base}/api/discipline/streaks`,
      headers: { cookie },
    },
    {
      key: 'login',
      label: 'POST /api/auth/login',
      url: `${base}/api/auth/login`,
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(credentials),
      connections: LOGIN_CONNECTIONS,
    },
    {
      // Each one adds a session (20 rules) and recounts its month: the data grows. The dates
      // go round the history's months, as a trader's few sessions a day would: thousands of
      // writes into one month would measure a month no trader has (a write recounts its
      // month, at a cost that grows with the month's sessions).
      key: 'create',
      label: 'POST /api/sessions (20 rules)',
      url: `${base}/api/sessions`,
      method: 'POST',
      headers: { cookie, 'content-type': 'application/json' },
      bodies: Array.from({ length: 66 }, (_, month) =>
        JSON.stringify({
          name: 'Bench write',
          date: daysBefore(today, month * 30),
          sessionTypeId: 1,
          rulesFollowed: trader.ruleIds.map((ruleId, i) => ({ ruleId, followed: i % 4 !== 0 })),
          notes: 'Written by the bench.',
        }),
      ),
    },
  ];
  const targets = allTargets.filter((target) => !only || only.includes(target.key));
  if (targets.length === 0) throw new Error(`BENCH_ONLY=${only?.join(',')} matches no target`);

  // Timed with the server idle, and shown beside the logins: what each one costs the thread
  // pool before anything else.
  const hashMs = targets.some((t) => t.key === 'login') ? await timeOneHash() : null;
  const login = targets.find((t) => t.key === 'login');
  if (login && hashMs !== null) login.label += ` (one hash: ${hashMs.toFixed(0)} ms)`;

  const results: (Measurement & { rssMiB: number | null })[] = [];
  for (const target of targets) {
    log(target.label, target.connections ?? settings.connections);
    const measurement = await measure(target, settings, () =>
      startOtherLoad([server.pid], dialect === 'postgres'),
    );
    // autocannon hangs up on requests still in flight or queued (writes wait for the trader's
    // lock, logins for argon2); the server still finishes them. One more request of the same
    // kind waits behind them, so the memory reading and the next target see a server at rest.
    await drain(target);
    results.push({ ...measurement, rssMiB: memoryOf(server.pid)?.rssMiB ?? null });
    // A crash shows as errors in autocannon's figures; it is a failure, not a slow result.
    if (server.process.exitCode !== null || server.process.signalCode !== null) {
      throw new Error(`the server exited while ${target.label} was measured (see its output)`);
    }
  }
  // Each target was drained; a moment more lets the last answers' buffers go.
  await sleep(1000);
  const serverMemory = memoryOf(server.pid);

  const throttled = results.find((m) => m.key === 'login')?.statusCodes['429'];
  if (throttled) {
    notes.push(
      `POST /api/auth/login answered 429 ${throttled} times to correct logins, and its req/s ` +
        'count them: the limiter refunds successful attempts, so too many were in flight at ' +
        'once for one username (lower BENCH_LOGIN_CONNECTIONS), or the refund is broken.',
    );
  }
  const noisy = [ceiling, ...results].filter(
    (m) => m.spreadPercent > 20 || (m.otherLoadPercent ?? 0) > 10,
  );
  if (noisy.length > 0) {
    notes.push(
      `Other processes used over 10% of the CPU, or rounds disagree by more than ±10%, for ` +
        `${noisy.map((m) => m.label).join(', ')}: run again on a quiet machine.`,
    );
  }
  if (only) notes.push(`BENCH_ONLY=${only.join(',')}: only some targets were measured.`);
  if (isProfiling) {
    notes.push(`The server ran under --cpu-prof (${profileFile}): figures are a little low.`);
  }

  const exit = await stop(server);
  if (exit !== 0) notes.push(`The server exited with ${exit} on SIGTERM instead of 0.`);

  // Start-up on an existing database: the one this run filled, with the server's files
  // already in the page cache, as after a deploy or a restart. From spawn to the first 200.
  const restartedAt = performance.now();
  const restarted = startNode('server (restart)', serveArgs, serverEnv);
  cleanups.push(() => stop(restarted));
  await waitUntilReady(restarted, `${base}/api/health`, { pollMs: 5 });
  const startupMs = performance.now() - restartedAt;
  // On a busy machine the wall time mostly measures the wait for a core; the CPU the server
  // used until then is what start-up itself costs.
  const startupCpuMs = ticksOf(restarted.pid) * 10;
  console.log(
    `start-up to serving on the existing database: ${startupMs.toFixed(0)} ms ` +
      `(${startupCpuMs} ms of CPU)`,
  );
  await stop(restarted);

  const cpu = cpus();
  const checked = results.map((m) => ({
    ...m,
    percentOfCeiling: (100 * m.median.requestsPerSecond) / ceiling.median.requestsPerSecond,
  }));
  return {
    startedAt,
    dialect,
    node: process.version,
    cpus: cpu.length,
    cpuModel: cpu[0]?.model.trim() ?? 'unknown',
    loadAverageBefore: loadBefore,
    settings: { ...settings, loginConnections: LOGIN_CONNECTIONS },
    seeding: {
      traders: TRADERS,
      crowdSessions: bulk.crowdSessions,
      bulkSessions: bulk.benchTraderSessions,
      bulkSeconds,
      screenshots: trader.screenshots,
      apiSeconds,
    },
    serverMemory,
    hashMs,
    startupMs,
    startupCpuMs,
    ceiling,
    results: checked,
    targets: checkTargets({
      dialect,
      connections: settings.connections,
      results: checked,
      rssMiB: serverMemory?.rssMiB ?? null,
      startupMs,
    }),
    notes,
  };
}

/** Per target, where the server spent the measured rounds (startup and seeding left out). */
function profileSummaries(report: BenchReport): string {
  if (!existsSync(profileFile)) {
    console.warn(`No profile at ${profileFile}: did the server exit cleanly?`);
    return '';
  }
  return report.results
    .map((m) => {
      const summary = summarizeProfile(profileFile, {
        fromUs: m.windowUs.from,
        toUs: m.windowUs.to,
      });
      return `### Profile of ${m.label}\n\n\`\`\`\n${formatProfileSummary(summary)}\n\`\`\`\n`;
    })
    .join('\n');
}

let exitCode = 0;
try {
  const report = await main();
  console.log(`\n${formatReport(report)}\n`);
  const profiles = isProfiling ? profileSummaries(report) : '';
  if (profiles)
    console.log(
      `${profiles}\nWhole run: npx tsx scripts/bench/summarize-profile.ts ${profileFile}\n`,
    );
  console.log(`Saved ${saveReport(report, profiles && `\n${profiles}`).join(' and ')}`);
  // Errors mean something broke, not that it was slow: the run fails, after its report.
  const failed = report.results.filter((m) => m.errors > 0);
  if (failed.length > 0) {
    console.error(
      `bench failed: errors or non-2xx answers on ${failed.map((m) => m.label).join(', ')}`,
    );
    exitCode = 1;
  }
} catch (error) {
  console.error('bench failed:', error instanceof Error ? error.message : error);
  exitCode = 1;
} finally {
  await cleanUp();
}
process.exit(exitCode);
