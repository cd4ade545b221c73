import { afterEach, beforeEach, expect, test } from 'vitest';
import { login, signup } from '#testing/factories.ts';
import { createTestApp, describeEachDialect, type TestApp } from '#testing/test-app.ts';
import { foldUsernameSigmas } from './0012-username-sigmas.ts';

describeEachDialect('the migration that folds the final sigma of usernames', (dialect) => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp(dialect);
  });
  afterEach(() => t.close());

  const normalizedNames = async () =>
    (
      await t.database.db.selectFrom('users').select('username_normalized').orderBy('id').execute()
    ).map((row) => row.username_normalized);
  /** The name as the previous release stored it: lower case alone. */
  const storeAsBefore = (username: string) =>
    t.database.db
      .updateTable('users')
      .set({ username_normalized: username.normalize('NFKC').toLowerCase() })
      .where('username', '=', username)
      .execute();

  test('folds the names stored before, and leaves a name another account already holds', async () => {
    await signup(t.app, { username: 'ΟΔΥΣΣΕΥΣ', password: 'Ithaca-2026' });
    await storeAsBefore('ΟΔΥΣΣΕΥΣ');
    // Made apart under the previous release, which told them apart.
    await signup(t.app, { username: 'ΑΣ_1' });
    await storeAsBefore('ΑΣ_1');
    await signup(t.app, { username: 'ασ_1' });
    expect(await normalizedNames()).toEqual(['οδυσσευς', 'ας_1', 'ασ_1']);
    // Before the fold, the name typed with σ finds no account.
    await expect(login(t.app, 'οδυσσευσ', 'Ithaca-2026')).rejects.toThrow(/login failed/);

    expect(await foldUsernameSigmas(t.database.db)).toBe(1);
    // 'ας_1' folds to what 'ασ_1' holds: two accounts made before, left apart.
    expect(await normalizedNames()).toEqual(['οδυσσευσ', 'ας_1', 'ασ_1']);
    expect(await login(t.app, 'οδυσσευσ', 'Ithaca-2026')).toMatch(/^rk_session=/);
    expect(await foldUsernameSigmas(t.database.db)).toBe(0);
  });
});
