import { sql, type Kysely } from 'kysely';
import type { DialectName } from '../dialect.ts';
import { columnTypes } from './column-types.ts';

/**
 * What "does discipline pay" and the reminders need: a session's optional result (money in
 * hundredths of the trader's currency, and R in hundredths), the trader's result, reminder and
 * sharing settings, and the notices (weekly report, low-compliance alert) the scheduled jobs
 * write once per trader and period.
 */
// Migrations see the database as it was when they were written, so they take Kysely<any>.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>, dialect: DialectName): Promise<void> {
  const t = columnTypes(dialect);

  // Integers, not floating point: sums and averages are exact and equal on both databases.
  await db.schema.alterTable('trading_sessions').addColumn('result_money', 'integer').execute();
  await db.schema.alterTable('trading_sessions').addColumn('result_r', 'integer').execute();

  const users = [
    db.schema
      .alterTable('users')
      .addColumn('currency', 'text', (c) => c.notNull().defaultTo('USD')),
    db.schema
      .alterTable('users')
      .addColumn('hide_money', t.boolean, (c) => c.notNull().defaultTo(t.bool(false))),
    db.schema
      .alterTable('users')
      .addColumn('share_discipline', t.boolean, (c) => c.notNull().defaultTo(t.bool(false))),
    // A JSON list of session type ids: the market sessions the trader wants a reminder before.
    db.schema
      .alterTable('users')
      .addColumn('reminder_session_types', 'text', (c) => c.notNull().defaultTo('[]')),
    db.schema
      .alterTable('users')
      .addColumn('reminder_minutes_before', 'integer', (c) => c.notNull().defaultTo(15)),
  ];
  for (const change of users) await change.execute();

  await db.schema
    .createTable('notices')
    .addColumn('id', 'integer', t.idColumn)
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) =>
      c.notNull().check(sql`kind in ('weekly_report', 'low_compliance')`),
    )
    // The period a notice is for (an ISO week such as `2026-W48`): one notice per trader, kind
    // and period, whichever instance or restart tries to write it.
    .addColumn('period_key', 'text', (c) => c.notNull())
    .addColumn('payload', 'text', (c) => c.notNull())
    .addColumn('created_at', t.timestamp, (c) => c.notNull().defaultTo(t.now))
    .addColumn('read_at', t.timestamp)
    // none: no mail wanted; pending: to send; sending: claimed by a sender (never sent twice);
    // sent; failed: the mail server refused it.
    .addColumn('mail_status', 'text', (c) =>
      c
        .notNull()
        .defaultTo('none')
        .check(sql`mail_status in ('none', 'pending', 'sending', 'sent', 'failed')`),
    )
    .addColumn('mail_claimed_at', t.timestamp)
    .addUniqueConstraint('notices_user_kind_period', ['user_id', 'kind', 'period_key'])
    .execute();
  await db.schema
    .createIndex('notices_user_created')
    .on('notices')
    .columns(['user_id', 'created_at'])
    .execute();
  await db.schema.createIndex('notices_mail_status').on('notices').column('mail_status').execute();
}
