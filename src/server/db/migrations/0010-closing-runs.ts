import { sql, type Kysely } from 'kysely';
import type { DialectName } from '../dialect.ts';

/**
 * Each of a trader's months keeps the run of sessions at 90% or more it ends with: those after
 * its latest session below 90%, in (date, id) order, or all of its sessions when none is. A
 * trader's current run is then the latest month with a break's closing run plus every later
 * month's sessions, read from month rows rather than walked session by session over the run
 * (the team list reads it for every sharing trader). See docs/decisions/0058-discipline-answers-kept.md.
 */
// Migrations see the database as it was when they were written, so they take Kysely<any>.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>, dialect: DialectName): Promise<void> {
  await db.schema
    .alterTable('month_stats')
    .addColumn('closing_excellent_run', 'integer', (column) => column.notNull().defaultTo(0))
    .execute();
  await fillClosingRuns(db, dialect);
}

/**
 * Every month's closing run from its sessions, as the writes keep it (`analytics-summaries.ts`:
 * the same count, copied rather than imported, so that the migration stays as it was written).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function fillClosingRuns(db: Kysely<any>, dialect: DialectName): Promise<void> {
  const month =
    dialect === 'sqlite' ? sql`substr(session_date, 1, 7)` : sql`to_char(session_date, 'YYYY-MM')`;
  // Every session's position in its month, in (date, id) order, in one pass over the sessions:
  // the months' latest positions below 90% give their closing runs (none: all of the month).
  await sql`
    update month_stats set closing_excellent_run = month_stats.session_count - coalesce(
      breaks.last_break, 0)
    from (
      select user_id, month, max(case when compliance_rating < 90 then position end) as last_break
      from (
        select user_id, ${month} as month, compliance_rating,
          row_number() over (partition by user_id, ${month} order by session_date, id) as position
        from trading_sessions
      ) as sessions
      group by user_id, month
    ) as breaks
    where breaks.user_id = month_stats.user_id and breaks.month = month_stats.month
  `.execute(db);
}
