import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterEach, beforeEach, expect, test } from 'vitest';
import { createDatabase, type AppDatabase } from './client.ts';
import { SqliteDriver, type SqliteConnection } from './sqlite-driver.ts';

let folder: string;
let server: AppDatabase;
/**
 * A second connection to the file, standing in for another process on it: an operator command
 * (`user:create`, `sweep:images`) beside a live server.
 */
let otherProcess: SqliteConnection;

beforeEach(async () => {
  folder = mkdtempSync(join(tmpdir(), 'rk-sqlite-'));
  const filename = join(folder, 'rulekeeper.db');
  server = createDatabase({ dialect: 'sqlite', filename });
  await sql`create table entries (id integer primary key, label text not null)`.execute(server.db);
  otherProcess = new SqliteDriver(filename);
  // Short, so that the test does not hold up: the real commands wait up to 5 s.
  otherProcess.pragma('busy_timeout = 50');
});

afterEach(async () => {
  otherProcess.close();
  await server.db.destroy();
  rmSync(folder, { recursive: true, force: true });
});

const count = async () =>
  (await sql<{ n: number }>`select count(*) as n from entries`.execute(server.db)).rows[0]?.n;

test('a transaction that checks, then writes, is not failed by another process writing in between', async () => {
  // The shape of every write under the trader's lock: a read (the trader, a count), then the
  // write. Begun as a plain (deferred) transaction, the read pins a snapshot, the other
  // process commits, and the write is refused at once with SQLITE_BUSY_SNAPSHOT: a 500 for
  // the trader. Begun IMMEDIATE, the transaction holds the write lock from its start, so the
  // other process waits for it instead.
  let otherWrite = 'not tried';
  await server.db.transaction().execute(async (trx) => {
    await sql`select count(*) from entries`.execute(trx);
    try {
      otherProcess.prepare(`insert into entries (label) values ('operator')`).run();
      otherWrite = 'committed';
    } catch (error) {
      otherWrite = (error as { code?: string }).code ?? String(error);
    }
    await sql`insert into entries (label) values ('trader')`.execute(trx);
  });
  expect(otherWrite).toBe('SQLITE_BUSY');
  expect(await count()).toBe(1);

  // Once the transaction has committed, the other process's write goes through.
  otherProcess.prepare(`insert into entries (label) values ('operator')`).run();
  expect(await count()).toBe(2);
});

test('rows come back as the driver itself builds them, on either driver', async () => {
  // On Node 20 the server reads rows as arrays and builds their objects itself (the older
  // driver's objects cost twice as much); the rows must not change with it: same keys in the
  // same order, the last of two equal names winning, every storage class kept.
  await sql`insert into entries (label) values ('one'), ('two')`.execute(server.db);
  const text = `select e.id, e.label, e.id * 1.5 as share, null as empty, x'00ff' as bytes,
      'repeated' as label from entries e order by e.id`;
  const expected = otherProcess.prepare(text).all() as Record<string, unknown>[];
  expect(expected).toHaveLength(2);

  const { rows } = await sql.raw<Record<string, unknown>>(text).execute(server.db);
  expect(rows).toEqual(expected);
  expect(rows.map((row) => Object.keys(row))).toEqual(expected.map((row) => Object.keys(row)));

  const streamed: Record<string, unknown>[] = [];
  for await (const row of server.db
    .selectFrom('entries' as never)
    .select(sql<string>`label`.as('label'))
    .orderBy(sql`id`)
    .stream()) {
    streamed.push(row);
  }
  expect(streamed).toEqual([{ label: 'one' }, { label: 'two' }]);

  const { rows: inserted } = await sql<{
    id: number;
    label: string;
  }>`insert into entries (label) values ('three') returning id, label`.execute(server.db);
  expect(inserted).toEqual([{ id: 3, label: 'three' }]);
});
