import { sql } from 'kysely';
import { expect, test } from 'vitest';
import { signup } from './factories.ts';
import { createTestApp, describePostgres, type TestApp } from './test-app.ts';

/** The schema a test app's database works in. */
async function schemaOf(t: TestApp) {
  const { rows } = await sql<{ name: string }>`select current_schema() as name`.execute(
    t.database.db,
  );
  return rows[0]!.name;
}

/** The PostgreSQL server process of the connection a test app's database queries on. */
async function backendOf(t: TestApp) {
  const { rows } = await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(
    t.database.db,
  );
  return rows[0]!.pid;
}

async function sessionTypeNames(t: TestApp) {
  const rows = await t.database.db
    .selectFrom('session_types')
    .select('name')
    .orderBy('id')
    .execute();
  return rows.map(({ name }) => name);
}

describePostgres('the schemas test apps lease', () => {
  test("a schema given back is leased to the next test empty, with the migrations' rows, ids from 1 and its connection open", async () => {
    const first = await createTestApp('postgres');
    const migratedTypes = await sessionTypeNames(first);
    expect(migratedTypes).toHaveLength(5);
    const response = await first.app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      payload: {
        username: 'leased_schema',
        password: 'correct-horse-1',
        fullName: 'Leased Schema',
        email: 'leased@example.com',
      },
    });
    expect(response.statusCode, response.body).toBe(201);
    const firstId = response.json<{ user: { id: number } }>().user.id;
    const schema = await schemaOf(first);
    const backend = await backendOf(first);
    await first.close();

    const next = await createTestApp('postgres');
    try {
      expect(await schemaOf(next)).toBe(schema);
      // The connection the first test's app used, still open: no new server process to start.
      expect(await backendOf(next)).toBe(backend);
      expect(await next.database.db.selectFrom('users').selectAll().execute()).toEqual([]);
      expect(await next.database.db.selectFrom('auth_sessions').selectAll().execute()).toEqual([]);
      expect(await sessionTypeNames(next)).toEqual(migratedTypes);
      // Ids begin again, as in a new schema.
      const { user } = await signup(next.app);
      expect(user.id).toBe(firstId);
    } finally {
      await next.close();
    }
  });

  test('a schema whose migration rows a test changed is dropped, not leased again', async () => {
    const first = await createTestApp('postgres');
    const migratedTypes = await sessionTypeNames(first);
    await first.database.db
      .updateTable('session_types')
      .set({ name: 'Changed by a test' })
      .where('name', '=', 'Tokyo')
      .execute();
    const schema = await schemaOf(first);
    await first.close();
    // Its database was closed with it.
    await expect(first.database.db.selectFrom('users').selectAll().execute()).rejects.toThrow(
      /destroyed/,
    );

    const next = await createTestApp('postgres');
    try {
      expect(await schemaOf(next)).not.toBe(schema);
      expect(await sessionTypeNames(next)).toEqual(migratedTypes);
      const { rows } = await sql<{ found: number }>`
        select count(*)::int as found from pg_namespace where nspname = ${schema}`.execute(
        next.database.db,
      );
      expect(rows[0]!.found).toBe(0);
    } finally {
      await next.close();
    }
  });

  test('a schema is given back once', async () => {
    const t = await createTestApp('postgres');
    await t.close();
    await expect(t.close()).rejects.toThrow(/released twice/);
  });
});
