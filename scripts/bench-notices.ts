// `npm run bench:notices`: how long the notice jobs take on a company's worth of traders, and
// what running them on several instances at once costs. It seeds the bench's crowd in bulk (a
// thousand traders by default, each with 5 rules and 3 sessions in the last two months, and the
// heavy trader with 5,000 sessions over 20 rules), then, on the next Monday afternoon (UTC):
//
// 1. one runner writes every trader's weekly report, then the low-compliance alerts; each job
//    is run again at once, as the scheduler does every few minutes, when nothing is owed;
// 2. on PostgreSQL, the notices are deleted and `BENCH_INSTANCES` runners (default 2), each on
//    its own connection pool as on its own instance, run every job at the same moment.
//
// It prints the seconds and reports a second of each, and what each runner of the second part
// did: one runs the jobs, the others stand aside (db/job-lock.ts). SQLite in a temp folder, or
// PostgreSQL with `DATABASE_URL` (a fresh database from that admin URL, dropped at the end).
//
//   BENCH_TRADERS=1000   traders seeded around the heavy one
//   BENCH_INSTANCES=2    runners at once in the second measurement
//
// Figures only: it never fails on timing.
import { addDays } from '#shared/calendar.ts';
import { createDatabase } from '#server/db/client.ts';
import { createNoticeJobs } from '#server/modules/notices/notice-jobs.ts';
import { createNoticeRunner } from '#server/modules/notices/notice-scheduler.ts';
import { benchDatabaseOptions, gatherStatistics } from './bench/bench-database.ts';
import { seedInBulk } from './bench/seed-bulk.ts';

const env = (name: string, fallback: number) => {
  const value = Number(process.env[name] || fallback);
  return Number.isInteger(value) && value > 0 ? value : fallback;
};
const TRADERS = env('BENCH_TRADERS', 1000);
const INSTANCES = env('BENCH_INSTANCES', 2);
const adminDatabaseUrl = process.env.DATABASE_URL || undefined;

const cleanups: (() => unknown)[] = [];

/** 13:00 UTC on the first Monday after today: the week just ended holds the latest sessions. */
function nextMondayAfternoon(): Date {
  const today = new Date().toISOString().slice(0, 10);
  const weekday = new Date(`${today}T00:00:00Z`).getUTCDay(); // 0 Sunday … 6 Saturday
  return new Date(`${addDays(today, (8 - weekday) % 7 || 7)}T13:00:00Z`);
}

async function timed<T>(work: () => Promise<T>): Promise<{ value: T; seconds: number }> {
  const start = performance.now();
  const value = await work();
  return { value, seconds: (performance.now() - start) / 1000 };
}

async function main() {
  const options = await benchDatabaseOptions(adminDatabaseUrl, cleanups);
  const seeded = await timed(() => seedInBulk(options, TRADERS));
  if (options.dialect === 'postgres') await gatherStatistics(options.connectionString);
  console.log(
    `${options.dialect}: ${TRADERS + 1} traders seeded in ${seeded.seconds.toFixed(1)} s ` +
      `(${seeded.value.crowdSessions + seeded.value.benchTraderSessions} sessions)`,
  );

  const now = nextMondayAfternoon();
  const databases = Array.from({ length: INSTANCES }, () => createDatabase(options));
  cleanups.push(() =>
    Promise.all(
      databases.map((database) => {
        // pg's pool ends its clients without waiting for them to close, so the drop of the
        // database that follows can still find one and terminate it: nothing to report then.
        database.pool?.on('error', () => {});
        return database.db.destroy();
      }),
    ),
  );
  const [first] = databases;
  if (!first) throw new Error('no database');
  const jobsOf = databases.map((database) =>
    createNoticeJobs({ database, isMailConfigured: true }),
  );

  const line = (label: string, reports: number, seconds: number) =>
    console.log(
      `${label.padEnd(34)} ${String(reports).padStart(6)} reports in ${seconds.toFixed(2)} s ` +
        `(${Math.round(reports / seconds)} a second)`,
    );

  const one = await timed(() => jobsOf[0]!.writeWeeklyReports(now));
  line('weekly reports, one runner:', one.value, one.seconds);
  const again = await timed(() => jobsOf[0]!.writeWeeklyReports(now));
  console.log(`${'the same run again (none owed):'.padEnd(34)} ${again.seconds.toFixed(3)} s`);
  const alerts = await timed(() => jobsOf[0]!.writeLowComplianceAlerts(now));
  console.log(
    `${'low-compliance alerts:'.padEnd(34)} ${String(alerts.value).padStart(6)} alerts in ` +
      `${alerts.seconds.toFixed(2)} s`,
  );
  // The alerts' job runs every JOBS_INTERVAL_SECONDS; most runs find everyone alerted already.
  const alertsAgain = await timed(() => jobsOf[0]!.writeLowComplianceAlerts(now));
  console.log(
    `${'the same alerts again (none owed):'.padEnd(34)} ${alertsAgain.seconds.toFixed(3)} s`,
  );

  if (options.dialect === 'sqlite') {
    console.log('SQLite serves one instance per data folder: no runners at once to measure.');
    return;
  }
  await first.db.deleteFrom('notices').execute();
  const runners = databases.map((database) =>
    createNoticeRunner({ database, config: { appName: 'Rulekeeper', mail: null } }),
  );
  const parallel = await timed(() => Promise.all(runners.map((runner) => runner.runOnce(now))));
  const total = parallel.value.reduce((sum, outcome) => sum + (outcome?.reports ?? 0), 0);
  line(`every job, ${INSTANCES} runners at once:`, total, parallel.seconds);
  const each = parallel.value.map((outcome) =>
    outcome ? `${outcome.reports} reports and ${outcome.alerts} alerts` : 'stood aside',
  );
  console.log(`  each runner: ${each.join('; ')}`);
}

try {
  await main();
} finally {
  for (let undo = cleanups.pop(); undo; undo = cleanups.pop()) await undo();
}
