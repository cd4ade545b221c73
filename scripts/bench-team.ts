// `npm run bench:team`: what a page of the company view (decision 59) costs when every trader
// of a company shares. It seeds the bench's crowd in bulk (a thousand traders by default, each
// with 5 rules and 3 sessions in the last two months, and the heavy trader with 5,000 sessions
// over 20 rules), turns sharing on for all of them, then times the team service's first page
// of 50 in each order, and a page further on (after three pages' cursors), three times each.
// SQLite in a temp folder, or PostgreSQL with `DATABASE_URL` (a fresh database from that
// admin URL, dropped at the end).
//
//   BENCH_TRADERS=1000   traders seeded around the heavy one
//
// Figures only: it never fails on timing.
import { TEAM_SORTS, type TeamQuery } from '#shared/schemas/team.ts';
import { createDatabase } from '#server/db/client.ts';
import { createTeamService } from '#server/modules/team/team.service.ts';
import { benchDatabaseOptions, gatherStatistics } from './bench/bench-database.ts';
import { seedInBulk } from './bench/seed-bulk.ts';

const traders = Number(process.env.BENCH_TRADERS) > 0 ? Number(process.env.BENCH_TRADERS) : 1000;
const adminDatabaseUrl = process.env.DATABASE_URL || undefined;
const ROUNDS = 3;

const cleanups: (() => unknown)[] = [];

async function main() {
  const options = await benchDatabaseOptions(adminDatabaseUrl, cleanups);
  await seedInBulk(options, traders);
  const database = createDatabase(options);
  cleanups.push(() => database.db.destroy());
  await database.db.updateTable('users').set({ share_discipline: true }).execute();
  if (options.dialect === 'postgres') await gatherStatistics(options.connectionString);

  const team = createTeamService({ database });
  const today = new Date().toISOString().slice(0, 10);
  console.log(`${options.dialect}: ${traders + 1} sharing traders; a page of 50, ${ROUNDS} rounds`);
  for (const sort of TEAM_SORTS) {
    const query: TeamQuery = { today, sort, limit: 50 };
    const first: number[] = [];
    const further: number[] = [];
    let size = 0;
    for (let round = 0; round < ROUNDS; round++) {
      let start = performance.now();
      let page = await team.listTeam(query);
      first.push(performance.now() - start);
      size = JSON.stringify(page).length;
      for (let next = 0; next < 3 && page.nextCursor; next++) {
        start = performance.now();
        page = await team.listTeam({ ...query, cursor: page.nextCursor });
        if (next === 2) further.push(performance.now() - start);
      }
    }
    const ms = (times: number[]) => times.map((time) => time.toFixed(0)).join(', ');
    console.log(
      `  by ${sort.padEnd(10)} first page ${ms(first)} ms; fourth page ${ms(further)} ms; ` +
        `${size.toLocaleString('en')} characters`,
    );
  }
}

try {
  await main();
} finally {
  for (let undo = cleanups.pop(); undo; undo = cleanups.pop()) await undo();
}
