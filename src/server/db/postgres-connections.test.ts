import { sql } from 'kysely';
import pg from 'pg';
import { afterEach, beforeEach, expect, inject, test } from 'vitest';
import { createTestApp, describePostgres, type TestApp } from '#testing/test-app.ts';

/*
 * PostgreSQL may end a connection that sits idle in the pool: a restart, a failover, an
 * administrator, a proxy's idle timeout. The pool reports it as an error event; with no
 * listener, Node ends the process, so one instance of a company's deployment went down with
 * every such event. The pool now drops the connection and the next query opens another, and the
 * server logs what happened.
 */
describePostgres('a connection PostgreSQL ends while idle', () => {
  let t: TestApp;
  const logged: { level: number; msg: string; err?: { message: string } }[] = [];
  beforeEach(async () => {
    logged.length = 0;
    t = await createTestApp('postgres', {
      logger: { level: 'warn', stream: { write: (line: string) => logged.push(JSON.parse(line)) } },
    });
  });
  afterEach(() => t.close());

  /** Ends the backend of `pid` as an administrator would, from a connection of its own. */
  async function terminate(pid: number) {
    const admin = new pg.Client({ connectionString: inject('postgresUrl') ?? undefined });
    await admin.connect();
    try {
      const { rows } = await admin.query<{ ended: boolean }>(
        'select pg_terminate_backend($1) as ended',
        [pid],
      );
      expect(rows[0]?.ended).toBe(true);
    } finally {
      await admin.end();
    }
  }

  test('is logged and replaced: the server keeps answering', async () => {
    const { rows } = await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(
      t.database.db,
    );
    const pid = Number(rows[0]?.pid);
    await terminate(pid);

    await expect
      .poll(() => logged.map((line) => line.msg))
      .toContain('PostgreSQL ended an idle connection; the next query opens another');
    const warning = logged.find((line) => line.msg.startsWith('PostgreSQL ended'));
    expect(warning?.level).toBe(40);
    expect(warning?.err?.message).toMatch(/terminating connection due to administrator command/);

    const health = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(health.statusCode).toBe(200);
    const again = await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(t.database.db);
    expect(again.rows).toHaveLength(1);
  });

  test('ended inside a transaction, between its statements: the transaction fails, the server goes on', async () => {
    const transaction = t.database.db.transaction().execute(async (trx) => {
      const { rows } = await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(trx);
      await terminate(Number(rows[0]?.pid));
      // The end arrives while the connection is checked out and runs nothing (as when a job
      // holds its lock, or a write waits on an image).
      await new Promise((resolve) => setTimeout(resolve, 200));
      await sql`select 1`.execute(trx);
    });
    await expect(transaction).rejects.toThrow();

    const health = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(health.statusCode).toBe(200);
  });

  test('once the server has closed, a pool given back still takes it without ending the process', async () => {
    const database = t.database;
    await t.app.close();
    const { rows } = await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(
      database.db,
    );
    await terminate(Number(rows[0]?.pid));
    // Without a listener, the error would end the test run here, as it ended the server.
    await expect
      .poll(async () => (await sql`select 1 as one`.execute(database.db)).rows)
      .toEqual([{ one: 1 }]);
    // The closed server no longer hears of its pool.
    expect(logged.filter((line) => line.msg.startsWith('PostgreSQL ended'))).toEqual([]);
  });
});
