import { CompiledQuery, sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { createTestApp, describeEachDialect, type TestApp } from '#testing/test-app.ts';
import { SESSIONS_BY_TYPE_INDEX, up } from './0007-sessions-by-type.ts';

describe('on SQLite', () => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp('sqlite');
  });
  afterEach(() => t.close());

  /** SQLite's plan for a statement of the history page's shape: a year, a band, newest first. */
  async function planOf(filters: { sessionTypeId?: number }) {
    let page = t.database.db
      .selectFrom('trading_sessions')
      .select(['id', 'name'])
      .where('user_id', '=', 1)
      .where('session_date', '>=', '2025-11-26')
      .where('compliance_rating', '>=', 50)
      .where('compliance_rating', '<=', 79);
    if (filters.sessionTypeId) page = page.where('session_type_id', '=', filters.sessionTypeId);
    const compiled = page.orderBy('session_date', 'desc').orderBy('id', 'desc').limit(51).compile();
    const { rows } = await t.database.db.executeQuery<{ detail: string }>(
      CompiledQuery.raw(`explain query plan ${compiled.sql}`, [...compiled.parameters]),
    );
    return rows.map((row) => row.detail).join('\n');
  }

  test('a page filtered by session type reads only that type’s sessions, in page order', async () => {
    const filtered = await planOf({ sessionTypeId: 2 });
    expect(filtered).toMatch(
      /USING INDEX trading_sessions_user_type_date \(user_id=\? AND session_type_id=\? AND session_date>\?\)/,
    );
    expect(filtered).not.toMatch(/TEMP B-TREE/); // no sort step: the index is in page order
    // Without a type, the date index serves as before.
    expect(await planOf({})).toMatch(/USING INDEX trading_sessions_user_date /);
  });
});

describeEachDialect('the migration that indexes the sessions by type', (dialect) => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp(dialect);
  });
  afterEach(() => t.close());

  test('keeps the index an operator built beforehand, under its name', async () => {
    // As an operator would on a large PostgreSQL table, without holding its writes (on SQLite
    // the same statement without `concurrently`): the migration then finds it and goes on.
    await sql`drop index ${sql.id(SESSIONS_BY_TYPE_INDEX)}`.execute(t.database.db);
    const concurrently = dialect === 'postgres' ? sql`concurrently` : sql``;
    await sql`create index ${concurrently} ${sql.id(SESSIONS_BY_TYPE_INDEX)}
      on trading_sessions (user_id, session_type_id, session_date, id)`.execute(t.database.db);
    await expect(up(t.database.db)).resolves.toBeUndefined();
  });
});
