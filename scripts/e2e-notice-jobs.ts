// For the end-to-end tests only: runs the notice jobs (weekly reports, low-compliance alerts)
// once, with the clock given as the first argument, against the database the e2e server of
// E2E_PORT uses (scripts/e2e-server.js: a SQLite file in the temp folder, or with
// E2E_DATABASE_URL its PostgreSQL database). The e2e server itself runs no jobs, so no other
// journey ever meets a notice it did not ask for. No mail: SMTP is not configured there.
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createDatabase } from '#server/db/client.ts';
import { createNoticeRunner } from '#server/modules/notices/notice-scheduler.ts';

const now = new Date(process.argv[2] ?? '');
if (Number.isNaN(now.getTime())) {
  console.error(
    'usage: tsx scripts/e2e-notice-jobs.ts <ISO instant, such as 2001-01-08T13:00:00Z>',
  );
  process.exit(2);
}
const port = process.env.E2E_PORT ?? '5055';
const adminUrl = process.env.E2E_DATABASE_URL;
const url = adminUrl ? new URL(adminUrl) : null;
if (url) url.pathname = `/rulekeeper_e2e_${port}`;
const database = url
  ? createDatabase({ dialect: 'postgres', connectionString: url.toString() })
  : createDatabase({
      dialect: 'sqlite',
      filename: join(tmpdir(), `rulekeeper-e2e-${port}`, 'rulekeeper.db'),
    });
const runner = createNoticeRunner({
  database,
  config: { appName: 'Rulekeeper', mail: null },
});
const outcome = await runner.runOnce(now);
await database.db.destroy();
console.log(JSON.stringify(outcome));
