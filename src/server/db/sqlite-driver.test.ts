import { spawnSync } from 'node:child_process';
import { expect, test } from 'vitest';

/**
 * better-sqlite3 12 built for Node 24.19 or later aborts the process ("Assertion failed: (env)
 * != nullptr") when the garbage collector frees a prepared statement. The server prepares and
 * evicts statements all day, so a driver that cannot survive this cannot serve: a separate
 * process (an abort would take the test runner with it) prepares statements, drops them,
 * collects them and must exit cleanly, on whichever Node runs the tests.
 */
test('the SQLite driver survives the garbage collection of prepared statements', () => {
  const script = `
    import { SqliteDriver } from './src/server/db/sqlite-driver.ts';
    const database = new SqliteDriver(':memory:');
    database.exec('create table t (id integer primary key, label text)');
    for (let round = 0; round < 20; round += 1) {
      for (let index = 0; index < 200; index += 1) {
        database.prepare('insert into t (label) values (?)').run('row ' + index + ' ' + round);
      }
      globalThis.gc();
      await new Promise((resolve) => setTimeout(resolve, 1));
    }
    const { count } = database.prepare('select count(*) as count from t').get();
    console.log('rows', count);
  `;
  const result = spawnSync(
    process.execPath,
    ['--expose-gc', '--import', 'tsx', '--input-type=module', '--eval', script],
    { encoding: 'utf8', timeout: 60_000 },
  );
  expect(result.stderr).not.toMatch(/Assertion failed/);
  expect(result.signal).toBeNull();
  expect(result.status).toBe(0);
  expect(result.stdout).toContain('rows 4000');
});
