import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createDatabase } from './db/client.ts';
import { createPasswordHasher, PASSWORD_COST } from './modules/users/passwords.ts';
import { builtCommand } from '#testing/server-process.ts';

const dataDir = mkdtempSync(join(tmpdir(), 'rk-users-cli-'));
const passwords = createPasswordHasher();
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

/** The operator's command, as `npm run user:…` runs it, with the password piped in. */
function manageUsers(args: string[], password = '') {
  const run = spawnSync(...builtCommand('manage-users', args), {
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', SIGNUP: 'closed' },
    input: `${password}\n`,
    encoding: 'utf8',
  });
  return { status: run.status, stdout: run.stdout.trim(), stderr: run.stderr.trim() };
}

async function readUser(username: string) {
  const database = createDatabase({ dialect: 'sqlite', filename: join(dataDir, 'rulekeeper.db') });
  try {
    const user = await database.db
      .selectFrom('users')
      .select(['id', 'is_admin', 'password_hash'])
      .where('username', '=', username)
      .executeTakeFirst();
    const logins = user
      ? await database.db
          .selectFrom('auth_sessions')
          .select('id')
          .where('user_id', '=', user.id)
          .execute()
      : [];
    return user && { ...user, isAdmin: Boolean(user.is_admin), loginCount: logins.length };
  } finally {
    await database.db.destroy();
  }
}

// Each command is a new Node process: a second or more each on a busy machine.
describe('npm run user:create / user:promote / user:reset-password', { timeout: 60_000 }, () => {
  beforeAll(() => {
    // An empty, never-started instance with signup closed: the command migrates it first.
    const run = manageUsers(
      ['create', '--username', 'Boss', '--full-name', 'The Boss', '--email', 'boss@example.com'],
      'first-boss-password',
    );
    expect(run.stderr).toBe('');
    expect(run.stdout).toBe('Created administrator Boss.');
  }, 60_000);

  test('the first account of an empty database is an administrator, with the piped password', async () => {
    const boss = await readUser('Boss');
    expect(boss?.isAdmin).toBe(true);
    expect(await passwords.verify(boss?.password_hash, 'first-boss-password')).toBe(true);
    const { memoryCost, timeCost } = PASSWORD_COST;
    expect(boss?.password_hash).toContain(`$m=${memoryCost},t=${timeCost},`);
  });

  test('--admin makes an administrator; without it a trader', () => {
    const admin = manageUsers(
      [
        'create',
        '--username',
        'deputy',
        '--full-name',
        'Deputy',
        '--email',
        'd@example.com',
        '--admin',
      ],
      'deputy-password-1',
    );
    expect(admin).toMatchObject({ status: 0, stdout: 'Created administrator deputy.' });
    const trader = manageUsers(
      ['create', '--username', 'ann', '--full-name', 'Ann Trader', '--email', 'ann@example.com'],
      'ann-password-12',
    );
    expect(trader).toMatchObject({ status: 0, stdout: 'Created trader ann.' });
  });

  test('signup rules hold: field messages, common passwords, taken usernames', () => {
    const invalid = manageUsers(
      ['create', '--username', 'x1', '--full-name', 'X', '--email', 'not-an-email'],
      'short',
    );
    expect(invalid.status).toBe(1);
    expect(invalid.stderr).toContain('Password must be at least 8 characters');
    expect(invalid.stderr).toContain('Invalid email address');
    expect(invalid.stderr).toContain('Full name is required');

    const common = manageUsers(
      ['create', '--username', 'x2', '--full-name', 'Xavier', '--email', 'x@example.com'],
      'password123',
    );
    expect(common).toMatchObject({ status: 1, stderr: 'This password is too common' });

    const taken = manageUsers(
      ['create', '--username', 'BOSS', '--full-name', 'Other', '--email', 'o@example.com'],
      'other-password-1',
    );
    expect(taken).toMatchObject({ status: 1, stderr: 'Username already exists' });
  });

  test('promote makes an existing trader an administrator', async () => {
    manageUsers(
      ['create', '--username', 'bob', '--full-name', 'Bob Trader', '--email', 'bob@example.com'],
      'bob-password-12',
    );
    expect((await readUser('bob'))?.isAdmin).toBe(false);
    expect(manageUsers(['promote', '--username', 'BOB'])).toMatchObject({
      status: 0,
      stdout: 'bob is an administrator.',
    });
    expect((await readUser('bob'))?.isAdmin).toBe(true);
    expect(manageUsers(['promote', '--username', 'nobody'])).toMatchObject({
      status: 1,
      stderr: 'User not found',
    });
  });

  test('reset-password sets the new password and ends every login', async () => {
    const { createApp } = await import('./app.ts');
    const { loadConfig } = await import('./config.ts');
    const { createTestImageStore } = await import('#testing/image-store.ts');
    const { login } = await import('#testing/factories.ts');
    const { testImportReader } = await import('#testing/test-app.ts');
    const store = await createTestImageStore();
    const database = createDatabase({
      dialect: 'sqlite',
      filename: join(dataDir, 'rulekeeper.db'),
    });
    const app = await createApp({
      database,
      config: loadConfig({}),
      images: store.images,
      importReader: testImportReader(),
    });
    try {
      const cookie = await login(app, 'ann', 'ann-password-12');
      expect((await readUser('ann'))?.loginCount).toBe(1);

      const weak = manageUsers(['reset-password', '--username', 'ann'], 'short');
      expect(weak.status).toBe(1);
      expect(weak.stderr).toContain('Password must be at least 8 characters');

      const reset = manageUsers(['reset-password', '--username', 'ann'], 'ann-new-password-3');
      expect(reset).toMatchObject({
        status: 0,
        stdout: 'New password set for ann; every login of theirs has ended.',
      });
      const ann = await readUser('ann');
      expect(ann?.loginCount).toBe(0);
      expect(await passwords.verify(ann?.password_hash, 'ann-new-password-3')).toBe(true);
      const me = await app.inject({ method: 'GET', url: '/api/user', headers: { cookie } });
      expect(me.statusCode).toBe(401);
    } finally {
      await app.close();
      await store.remove();
    }
  });

  test('an unknown command or option shows the usage', () => {
    const run = manageUsers(['explode', '--username', 'x']);
    expect(run.status).toBe(1);
    expect(run.stderr).toContain('Unknown command "explode"');
    expect(run.stderr).toContain('npm run user:create');
  });
});
