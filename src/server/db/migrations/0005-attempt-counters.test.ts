import { sql } from 'kysely';
import { describe, expect, inject, test } from 'vitest';
import { databaseMigratedWith } from '#testing/migration-database.ts';
import * as initial from './0001-initial.ts';
import * as analyticsSummaries from './0002-analytics-summaries.ts';
import * as accounts from './0003-accounts.ts';
import * as discipline from './0004-discipline.ts';
import * as attemptCounters from './0005-attempt-counters.ts';

const earlier = [initial, analyticsSummaries, accounts, discipline];

describe.skipIf(!inject('postgresUrl'))(
  'the migration that adds the attempt counters [postgres]',
  () => {
    test('an existing database gets an unlogged table with the columns rate-limiter-flexible writes, in its order', async () => {
      const { database, drop } = await databaseMigratedWith('postgres', earlier);
      try {
        await attemptCounters.up(database.db, 'postgres');
        const { rows: columns } = await sql<{ name: string; type: string; nullable: string }>`
        select column_name as name, data_type as type, is_nullable as nullable
        from information_schema.columns
        where table_schema = current_schema() and table_name = 'attempt_counters'
        order by ordinal_position`.execute(database.db);
        expect(columns).toEqual([
          { name: 'key', type: 'text', nullable: 'NO' },
          { name: 'points', type: 'integer', nullable: 'NO' },
          { name: 'expire', type: 'bigint', nullable: 'YES' },
        ]);
        const { rows } = await sql<{ persistence: string }>`
        select relpersistence as persistence from pg_class
        where oid = 'attempt_counters'::regclass`.execute(database.db);
        expect(rows).toEqual([{ persistence: 'u' }]);
      } finally {
        await drop();
      }
    });
  },
);

describe('the migration that adds the attempt counters [sqlite]', () => {
  test('changes nothing: one SQLite instance counts in memory', async () => {
    const { database, drop } = await databaseMigratedWith('sqlite', earlier);
    try {
      const tables = () =>
        sql<{ name: string }>`select name from sqlite_master where type = 'table' order by name`
          .execute(database.db)
          .then(({ rows }) => rows.map((row) => row.name));
      const before = await tables();
      await attemptCounters.up(database.db, 'sqlite');
      expect(await tables()).toEqual(before);
    } finally {
      await drop();
    }
  });
});
