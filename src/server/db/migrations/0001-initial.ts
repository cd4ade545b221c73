import { sql, type Kysely } from 'kysely';
import type { DialectName } from '../dialect.ts';
import { columnTypes } from './column-types.ts';

/** The sessions a trader can pick from, shared by all users; times in UTC. */
const SESSION_TYPES = [
  { name: 'Sydney', start_time: '22:00', end_time: '07:00' },
  { name: 'Tokyo', start_time: '00:00', end_time: '09:00' },
  { name: 'London', start_time: '08:00', end_time: '17:00' },
  { name: 'New York', start_time: '13:00', end_time: '22:00' },
  { name: 'London–New York overlap', start_time: '13:00', end_time: '17:00' },
];

// Migrations see the database as it was when they were written, so they take Kysely<any>.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>, dialect: DialectName): Promise<void> {
  const t = columnTypes(dialect);

  await db.schema
    .createTable('users')
    .addColumn('id', 'integer', t.idColumn)
    .addColumn('username', 'text', (c) => c.notNull())
    .addColumn('username_normalized', 'text', (c) => c.notNull().unique())
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('full_name', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('company_name', 'text')
    .addColumn('avatar_ref', 'text')
    .addColumn('is_admin', t.boolean, (c) => c.notNull().defaultTo(t.bool(false)))
    .addColumn('notify_trading_sessions', t.boolean, (c) => c.notNull().defaultTo(t.bool(true)))
    .addColumn('notify_weekly_reports', t.boolean, (c) => c.notNull().defaultTo(t.bool(true)))
    .addColumn('notify_low_compliance', t.boolean, (c) => c.notNull().defaultTo(t.bool(true)))
    .addColumn('created_at', t.timestamp, (c) => c.notNull().defaultTo(t.now))
    .addColumn('updated_at', t.timestamp, (c) => c.notNull().defaultTo(t.now))
    .execute();

  await db.schema
    .createTable('auth_sessions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('expires_at', t.timestamp, (c) => c.notNull())
    .addColumn('is_persistent', t.boolean, (c) => c.notNull())
    .addColumn('created_at', t.timestamp, (c) => c.notNull().defaultTo(t.now))
    .execute();
  await db.schema
    .createIndex('auth_sessions_user_id')
    .on('auth_sessions')
    .column('user_id')
    .execute();
  // Every login sweeps out expired logins.
  await db.schema
    .createIndex('auth_sessions_expires_at')
    .on('auth_sessions')
    .column('expires_at')
    .execute();

  await db.schema
    .createTable('trading_rules')
    .addColumn('id', 'integer', t.idColumn)
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('notes', 'text')
    .addColumn('display_order', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', t.timestamp, (c) => c.notNull().defaultTo(t.now))
    .addColumn('updated_at', t.timestamp, (c) => c.notNull().defaultTo(t.now))
    .execute();
  await db.schema
    .createIndex('trading_rules_user_order')
    .on('trading_rules')
    .columns(['user_id', 'display_order', 'id'])
    .execute();

  await db.schema
    .createTable('session_types')
    .addColumn('id', 'integer', t.idColumn)
    .addColumn('name', 'text', (c) => c.notNull().unique())
    .addColumn('start_time', 'text', (c) => c.notNull())
    .addColumn('end_time', 'text', (c) => c.notNull())
    .addColumn('description', 'text')
    .execute();
  await db.insertInto('session_types').values(SESSION_TYPES).execute();

  await db.schema
    .createTable('trading_sessions')
    .addColumn('id', 'integer', t.idColumn)
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('session_date', t.date, (c) => c.notNull())
    .addColumn('session_type_id', 'integer', (c) => c.references('session_types.id'))
    .addColumn('compliance_rating', 'integer', (c) =>
      c.notNull().check(sql`compliance_rating between 0 and 100`),
    )
    .addColumn('followed_count', 'integer', (c) => c.notNull())
    .addColumn('total_count', 'integer', (c) => c.notNull())
    .addColumn('screenshot_ref', 'text', (c) => c.unique())
    .addColumn('notes', 'text')
    .addColumn('created_at', t.timestamp, (c) => c.notNull().defaultTo(t.now))
    .addCheckConstraint('trading_sessions_counts', sql`followed_count between 0 and total_count`)
    .execute();
  // Newest first, by date then id: the history page's keyset pagination and the 30-day window.
  await db.schema
    .createIndex('trading_sessions_user_date')
    .on('trading_sessions')
    .columns(['user_id', 'session_date', 'id'])
    .execute();

  await db.schema
    .createTable('session_rule_results')
    .addColumn('session_id', 'integer', (c) =>
      c.notNull().references('trading_sessions.id').onDelete('cascade'),
    )
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('rule_id', 'integer', (c) => c.notNull())
    .addColumn('rule_description', 'text', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('followed', t.boolean, (c) => c.notNull())
    .addPrimaryKeyConstraint('session_rule_results_pk', ['session_id', 'rule_id'])
    .execute();
  // Per-rule compliance is an aggregate over (user, rule).
  await db.schema
    .createIndex('session_rule_results_user_rule')
    .on('session_rule_results')
    .columns(['user_id', 'rule_id', 'followed'])
    .execute();
}
