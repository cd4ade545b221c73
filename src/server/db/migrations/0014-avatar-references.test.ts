import { CompiledQuery, sql, type Compilable } from 'kysely';
import { afterEach, beforeEach, expect, test } from 'vitest';
import { createTestApp, describeEachDialect, type TestApp } from '#testing/test-app.ts';
import { AVATAR_REF_INDEX, up } from './0014-avatar-references.ts';

describeEachDialect('the index of profile pictures’ references', (dialect) => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp(dialect);
  });
  afterEach(() => t.close());

  /**
   * The database's plan for a statement. On PostgreSQL with sequential scans priced out, as on
   * a large table: whether an index can serve it at all (on a few rows a scan is cheaper).
   */
  async function planOf(query: Compilable) {
    const compiled = query.compile();
    return t.database.db.connection().execute(async (db) => {
      if (dialect === 'postgres') await sql`set enable_seqscan = off`.execute(db);
      const explain = dialect === 'postgres' ? 'explain' : 'explain query plan';
      const { rows } = await db.executeQuery<Record<string, string>>(
        CompiledQuery.raw(`${explain} ${compiled.sql}`, [...compiled.parameters]),
      );
      if (dialect === 'postgres') await sql`reset enable_seqscan`.execute(db);
      return rows.map((row) => Object.values(row).join(' ')).join('\n');
    });
  }

  test('whose picture a reference is, and which of a batch are held, are read by index', async () => {
    const db = t.database.db;
    // The statements of `findAvatarOwner` and `findReferencedAvatars`.
    expect(
      await planOf(db.selectFrom('users').select('id').where('avatar_ref', '=', 'a.webp')),
    ).toContain(AVATAR_REF_INDEX);
    expect(
      await planOf(
        db.selectFrom('users').select('avatar_ref').where('avatar_ref', 'in', ['a', 'b']),
      ),
    ).toContain(AVATAR_REF_INDEX);
  });

  test('keeps the index an operator built beforehand, under its name', async () => {
    await sql`drop index ${sql.id(AVATAR_REF_INDEX)}`.execute(t.database.db);
    const concurrently = dialect === 'postgres' ? sql`concurrently` : sql``;
    await sql`create index ${concurrently} ${sql.id(AVATAR_REF_INDEX)}
      on users (avatar_ref) where avatar_ref is not null`.execute(t.database.db);
    await expect(up(t.database.db)).resolves.toBeUndefined();
  });
});
