import type { App } from '#server/app.ts';
import type { AppDatabase } from '#server/db/client.ts';
import type { AdminUser, CreateUserInput } from '#shared/schemas/admin.ts';
import { buildSignup, login } from './factories.ts';

/** An account made through the administrator's create-user call, logged in. */
export async function createUserAsAdmin(
  app: App,
  adminCookie: string,
  overrides: Partial<CreateUserInput> = {},
) {
  const body = { ...buildSignup(), ...overrides };
  const response = await app.inject({
    method: 'POST',
    url: '/api/admin/create-user',
    headers: { cookie: adminCookie },
    payload: body,
  });
  if (response.statusCode !== 201) throw new Error(`create-user failed: ${response.body}`);
  const user = response.json<{ user: AdminUser }>().user;
  return { ...body, user, cookie: await login(app, body.username, body.password) };
}

/** Every table that holds a user's rows, and how many it holds for `userId`. */
export async function countRowsOf(
  { db }: AppDatabase,
  userId: number,
): Promise<Record<string, number>> {
  const tables = [
    'auth_sessions',
    'trading_rules',
    'trading_sessions',
    'session_rule_results',
    'month_stats',
    'rule_month_stats',
    'rule_stats',
    'notices',
  ] as const;
  const counts: Record<string, number> = {};
  for (const table of tables) {
    const row = await db
      .selectFrom(table)
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow();
    counts[table] = Number(row.count);
  }
  const user = await db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  counts.users = Number(user.count);
  return counts;
}
