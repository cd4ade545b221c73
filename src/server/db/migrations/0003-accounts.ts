import { sql, type Kysely } from 'kysely';
import type { DialectName } from '../dialect.ts';
import { columnTypes } from './column-types.ts';

/**
 * What the account pages need: each login's device and last use (the list of active logins),
 * each user's theme, and a stable id for each session so that importing the same export
 * twice adds nothing the second time.
 */
// Migrations see the database as it was when they were written, so they take Kysely<any>.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>, dialect: DialectName): Promise<void> {
  const t = columnTypes(dialect);

  await db.schema.alterTable('auth_sessions').addColumn('user_agent', 'text').execute();
  // Logins made before this migration count as used when they were made.
  await db.schema.alterTable('auth_sessions').addColumn('last_used_at', t.timestamp).execute();
  await db
    .updateTable('auth_sessions')
    .set({ last_used_at: sql`created_at` })
    .execute();

  await db.schema
    .alterTable('users')
    .addColumn('theme', 'text', (c) =>
      c
        .notNull()
        .defaultTo('system')
        .check(sql`theme in ('light', 'dark', 'system')`),
    )
    .execute();

  await db.schema.alterTable('trading_sessions').addColumn('uid', 'text').execute();
  const randomHex =
    dialect === 'sqlite' ? sql`lower(hex(randomblob(16)))` : sql`md5(random()::text || id::text)`;
  await db.updateTable('trading_sessions').set({ uid: randomHex }).execute();
  await db.schema
    .createIndex('trading_sessions_user_uid')
    .on('trading_sessions')
    .columns(['user_id', 'uid'])
    .unique()
    .execute();
}
