import { afterEach, beforeEach, expect, test } from 'vitest';
import { sql } from 'kysely';
import {
  createTestApp,
  describeEachDialect,
  describePostgres,
  type TestApp,
} from '#testing/test-app.ts';
import { prepareQuery, runAsNamedStatement } from './prepared-query.ts';

describeEachDialect('prepared queries', (dialect) => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp(dialect);
  });
  afterEach(() => t.close());

  test('a query is built once and runs with each call’s values', async () => {
    let builds = 0;
    const selectTypes = prepareQuery<{ name: string; otherName: string }, { name: string }>(
      (db, param) => {
        builds += 1;
        return db
          .selectFrom('session_types')
          .select('name')
          .where('name', 'in', [param('name'), param('otherName')])
          .orderBy('name');
      },
    );
    const { db } = t.database;
    expect(await selectTypes(db, { name: 'Tokyo', otherName: 'London' })).toEqual([
      { name: 'London' },
      { name: 'Tokyo' },
    ]);
    expect(await selectTypes(db, { name: 'Sydney', otherName: 'nowhere' })).toEqual([
      { name: 'Sydney' },
    ]);
    expect(builds).toBe(1);

    // A transaction is another query runner: it gets its own compiled copy and sees its writes.
    await db.transaction().execute(async (trx) => {
      await trx
        .insertInto('session_types')
        .values({ name: 'Frankfurt', start_time: '07:00', end_time: '16:00' })
        .execute();
      expect(await selectTypes(trx, { name: 'Frankfurt', otherName: 'x' })).toEqual([
        { name: 'Frankfurt' },
      ]);
    });
    expect(builds).toBe(2);
  });

  test('a statement built per call runs with its own values', async () => {
    const startingWith = (prefix: string) =>
      runAsNamedStatement(
        t.database.db,
        sql<{
          name: string;
        }>`select name from session_types where name like ${`${prefix}%`} order by name`,
      );
    expect(await startingWith('London')).toEqual([
      { name: 'London' },
      { name: 'London–New York overlap' },
    ]);
    expect(await startingWith('T')).toEqual([{ name: 'Tokyo' }]);
  });
});

describePostgres('prepared queries on PostgreSQL', () => {
  test('run as named statements, prepared once per connection', async () => {
    const t = await createTestApp('postgres');
    try {
      const selectType = prepareQuery<{ name: string }, { name: string }>((db, param) =>
        db.selectFrom('session_types').select('name').where('name', '=', param('name')),
      );
      // One transaction: one connection, whose prepared statements the view lists. The test's
      // own statement only: a connection may have served earlier tests (postgres-schema.ts).
      const names = await t.database.db.transaction().execute(async (trx) => {
        expect(await selectType(trx, { name: 'Tokyo' })).toEqual([{ name: 'Tokyo' }]);
        expect(await selectType(trx, { name: 'London' })).toEqual([{ name: 'London' }]);
        const { rows } = await sql<{ name: string }>`
          select name from pg_prepared_statements
          where statement like '%from "session_types" where "name" = $1%'
        `.execute(trx);
        return rows.map((row) => row.name);
      });
      expect(names).toHaveLength(1);
      expect(names[0]).toMatch(/^rulekeeper_\d+$/);
    } finally {
      await t.close();
    }
  });

  test('a statement built per call is prepared once per text, whatever its values', async () => {
    const t = await createTestApp('postgres');
    try {
      const shaped = (db: typeof t.database.db, after: string, before?: string) =>
        runAsNamedStatement(
          db,
          sql<{ name: string }>`select name from session_types where start_time >= ${after}
            ${before === undefined ? sql`` : sql`and start_time < ${before}`} order by name`,
        );
      const names = await t.database.db.transaction().execute(async (trx) => {
        expect(await shaped(trx, '13:00')).toEqual([
          { name: 'London–New York overlap' },
          { name: 'New York' },
          { name: 'Sydney' },
        ]);
        expect(await shaped(trx, '20:00')).toEqual([{ name: 'Sydney' }]);
        expect(await shaped(trx, '00:00', '08:30')).toEqual([
          { name: 'London' },
          { name: 'Tokyo' },
        ]);
        const { rows } = await sql<{ name: string }>`
          select name from pg_prepared_statements
          where statement like 'select name from session_types where start_time >=%'
        `.execute(trx);
        return rows.map((row) => row.name);
      });
      // Two shapes (with and without the upper end), two statements; the values made none.
      expect(names).toHaveLength(2);
      for (const name of names) expect(name).toMatch(/^rulekeeper_\d+$/);
    } finally {
      await t.close();
    }
  });
});
