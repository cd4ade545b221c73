import { sql } from 'kysely';
import type { AppDatabase } from '#server/db/client.ts';
import { COMPLIANCE_BANDS } from '#shared/constants.ts';

/** What SQLite's own checks find wrong: the file's structure, then its foreign keys. */
async function sqliteProblems({ db }: AppDatabase): Promise<string[]> {
  const { rows: integrity } = await sql<{
    integrity_check: string;
  }>`pragma integrity_check`.execute(db);
  const { rows: foreignKeys } = await sql`pragma foreign_key_check`.execute(db);
  return [
    ...integrity.filter((row) => row.integrity_check !== 'ok').map((row) => row.integrity_check),
    ...foreignKeys.map((row) => `foreign key: ${JSON.stringify(row)}`),
  ];
}

/**
 * What PostgreSQL's checks find wrong: every B-tree index of the app's schema against its
 * table (amcheck's `bt_index_check` with `heapallindexed`: each row is in the index), and any
 * foreign key not validated. Without the amcheck extension the index check is skipped, and says so.
 */
async function postgresProblems({ db }: AppDatabase): Promise<string[]> {
  try {
    await sql`create extension if not exists amcheck`.execute(db);
  } catch (error) {
    console.warn(`amcheck is not available (${(error as Error).message}): indexes not checked`);
    return [];
  }
  const { rows: indexes } = await sql<{ name: string }>`
    select c.relname as name
    from pg_index i
    join pg_class c on c.oid = i.indexrelid
    join pg_am am on am.oid = c.relam
    join pg_namespace n on n.oid = c.relnamespace
    where am.amname = 'btree' and n.nspname = current_schema()
  `.execute(db);
  if (indexes.length === 0) return ['no indexes found to check'];
  const problems: string[] = [];
  for (const { name } of indexes) {
    try {
      await sql`select bt_index_check(${name}::regclass, true)`.execute(db);
    } catch (error) {
      problems.push(`index ${name}: ${(error as Error).message}`);
    }
  }
  const { rows: unvalidated } = await sql<{ name: string }>`
    select conname as name from pg_constraint where contype = 'f' and not convalidated
  `.execute(db);
  return [...problems, ...unvalidated.map(({ name }) => `foreign key ${name} not validated`)];
}

const key = (...parts: unknown[]) => parts.join(' ');

/**
 * What the app's own invariants say is wrong, on either database: each session's counts match
 * its checklist, and the summaries (`month_stats`, `rule_month_stats`, `rule_stats`) match the
 * sessions they summarise, as the write that changed them left them in the same transaction.
 */
async function summaryProblems({ db }: AppDatabase): Promise<string[]> {
  const sessions = await db
    .selectFrom('trading_sessions')
    .select(['id', 'user_id', 'session_date', 'compliance_rating', 'followed_count', 'total_count'])
    // In each trader's order, for the runs the months close with.
    .orderBy('user_id')
    .orderBy('session_date')
    .orderBy('id')
    .execute();
  const items = await db
    .selectFrom('session_rule_results')
    .select(['session_id', 'user_id', 'rule_id', 'followed'])
    .execute();
  const problems: string[] = [];

  const sessionById = new Map(sessions.map((session) => [session.id, session]));
  const checklist = new Map<number, { followed: number; total: number }>();
  const expectedRuleMonths = new Map<string, { followed: number; total: number }>();
  const expectedRuleTotals = new Map<string, { followed: number; total: number }>();
  const addTo = <K>(sums: Map<K, { followed: number; total: number }>, at: K, followed: number) => {
    const sum = sums.get(at) ?? { followed: 0, total: 0 };
    sums.set(at, { followed: sum.followed + followed, total: sum.total + 1 });
  };
  for (const item of items) {
    const session = sessionById.get(item.session_id);
    if (!session) {
      problems.push(`checklist item of missing session ${item.session_id}`);
      continue;
    }
    const followed = item.followed === true || item.followed === 1 ? 1 : 0;
    addTo(checklist, item.session_id, followed);
    addTo(
      expectedRuleMonths,
      key(item.user_id, item.rule_id, session.session_date.slice(0, 7)),
      followed,
    );
    addTo(expectedRuleTotals, key(item.user_id, item.rule_id), followed);
  }

  const expectedMonths = new Map<string, string>();
  for (const session of sessions) {
    const counts = checklist.get(session.id) ?? { followed: 0, total: 0 };
    if (counts.followed !== session.followed_count || counts.total !== session.total_count) {
      problems.push(`session ${session.id}: counts differ from its checklist`);
    }
    const month = key(session.user_id, session.session_date.slice(0, 7));
    const [count, ratings, followed, total, closingRun] = (expectedMonths.get(month) ?? '0 0 0 0 0')
      .split(' ')
      .map(Number);
    expectedMonths.set(
      month,
      key(
        count! + 1,
        ratings! + session.compliance_rating,
        followed! + session.followed_count,
        total! + session.total_count,
        session.compliance_rating < COMPLIANCE_BANDS.green ? 0 : closingRun! + 1,
      ),
    );
  }

  const months = await db.selectFrom('month_stats').selectAll().execute();
  const actualMonths = new Map(
    months.map((row) => [
      key(row.user_id, row.month),
      key(
        row.session_count,
        row.rating_sum,
        row.followed_count,
        row.total_count,
        row.closing_excellent_run,
      ),
    ]),
  );
  const ruleMonths = await db.selectFrom('rule_month_stats').selectAll().execute();
  const actualRuleMonths = new Map(
    ruleMonths.map((row) => [
      key(row.user_id, row.rule_id, row.month),
      key(row.followed_count, row.total_count),
    ]),
  );
  const ruleTotals = await db.selectFrom('rule_stats').selectAll().execute();
  const actualRuleTotals = new Map(
    ruleTotals.map((row) => [
      key(row.user_id, row.rule_id),
      key(row.followed_count, row.total_count),
    ]),
  );
  const compare = (what: string, expected: Map<string, string>, actual: Map<string, string>) => {
    for (const [month, figures] of expected) {
      if (actual.get(month) !== figures) {
        problems.push(
          `${what} ${month}: ${actual.get(month) ?? 'missing'}, sessions say ${figures}`,
        );
      }
    }
    for (const month of actual.keys()) {
      if (!expected.has(month)) problems.push(`${what} ${month} has no sessions`);
    }
  };
  compare('month_stats', expectedMonths, actualMonths);
  compare(
    'rule_month_stats',
    new Map([...expectedRuleMonths].map(([month, c]) => [month, key(c.followed, c.total)])),
    actualRuleMonths,
  );
  compare(
    'rule_stats',
    new Map([...expectedRuleTotals].map(([rule, c]) => [rule, key(c.followed, c.total)])),
    actualRuleTotals,
  );
  return problems;
}

/** Everything found wrong with the database: empty when it passes every check. */
export async function databaseProblems(database: AppDatabase): Promise<string[]> {
  return [
    ...(database.dialect === 'sqlite'
      ? await sqliteProblems(database)
      : await postgresProblems(database)),
    ...(await summaryProblems(database)),
  ];
}
