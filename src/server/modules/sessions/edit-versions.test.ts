import { expect, test } from 'vitest';
import {
  SESSION_CHANGED_ELSEWHERE,
  type Session,
  type UpdateSessionInput,
} from '#shared/schemas/sessions.ts';
import type { DialectName } from '#server/db/dialect.ts';
import { useAppWithTrader } from '#testing/app-with-trader.ts';
import { buildSession, createSession } from '#testing/sessions.ts';
import { describeEachDialect, describePostgres } from '#testing/test-app.ts';

/**
 * An edit names the version of the session it was made from, and is refused when the session
 * has been written since: a save from a dialog opened before another device's edit does not
 * undo that edit (docs/decisions/0081).
 */
function useTraderApp(dialect: DialectName) {
  const current = useAppWithTrader(dialect);

  const edit = (id: number, overrides: Partial<UpdateSessionInput>) =>
    current.t.app.inject({
      method: 'PUT',
      url: `/api/sessions/${id}`,
      headers: { cookie: current.cookie },
      payload: { ...buildSession(), ...overrides },
    });
  const details = async (id: number) =>
    (
      await current.t.app.inject({
        method: 'GET',
        url: `/api/sessions/${id}`,
        headers: { cookie: current.cookie },
      })
    ).json<{ session: Session }>().session;
  const record = (overrides: Parameters<typeof buildSession>[0] = {}) =>
    createSession(current.t.app, current.cookie, overrides);
  return { current, edit, details, record };
}

describeEachDialect('a session edited from the version it names', (dialect) => {
  const { current, edit, details, record } = useTraderApp(dialect);

  test('an edit of the version as it is is saved, and the version counts up', async () => {
    const session = await record({ name: 'Recorded' });
    expect(session.version).toBe(1);
    const saved = await edit(session.id, { name: 'Edited', version: 1 });
    expect(saved.statusCode).toBe(200);
    expect(saved.json<{ session: Session }>().session).toMatchObject({
      name: 'Edited',
      version: 2,
    });
    expect(await details(session.id)).toMatchObject({ name: 'Edited', version: 2 });
  });

  test('an edit made from an earlier version is refused with 409 and changes nothing', async () => {
    const session = await record({ name: 'Recorded' });
    expect((await edit(session.id, { name: 'From the phone', version: 1 })).statusCode).toBe(200);

    const stale = await edit(session.id, { name: 'From the desktop', notes: 'x', version: 1 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json<{ message: string }>().message).toBe(SESSION_CHANGED_ELSEWHERE);
    expect(await details(session.id)).toMatchObject({
      name: 'From the phone',
      notes: null,
      version: 2,
    });
  });

  test('an edit naming no version is saved as before: the last write wins', async () => {
    const session = await record();
    expect((await edit(session.id, { name: 'One' })).statusCode).toBe(200);
    expect((await edit(session.id, { name: 'Two' })).statusCode).toBe(200);
    expect(await details(session.id)).toMatchObject({ name: 'Two', version: 3 });
  });

  test('a create repeated with its uid is a write too: an edit from before it is refused', async () => {
    const session = await record({ uid: 'counted-write', name: 'First try' });
    const repeat = await current.t.app.inject({
      method: 'POST',
      url: '/api/sessions',
      headers: { cookie: current.cookie },
      payload: buildSession({ uid: 'counted-write', name: 'Second try' }),
    });
    expect(repeat.json<{ session: Session }>().session.version).toBe(2);
    expect((await edit(session.id, { name: 'Stale', version: 1 })).statusCode).toBe(409);
  });

  test('a version of the wrong shape is refused at the edge, and changes nothing', async () => {
    const session = await record({ name: 'Recorded' });
    for (const version of [0, -1, 1.5, '1', null, 2 ** 31]) {
      const response = await edit(session.id, {
        name: 'Changed',
        version,
      } as unknown as Partial<UpdateSessionInput>);
      expect(response.statusCode, String(version)).toBe(400);
    }
    expect(await details(session.id)).toMatchObject({ name: 'Recorded', version: 1 });
  });
});

describePostgres('a session edited from one version by several requests at once', () => {
  const { edit, details, record } = useTraderApp('postgres');

  test('ten edits from the same version: one is saved, nine are refused', async () => {
    const session = await record({ name: 'Recorded' });
    const responses = await Promise.all(
      Array.from({ length: 10 }, (_, i) => edit(session.id, { name: `Edit ${i}`, version: 1 })),
    );
    const statuses = responses.map((response) => response.statusCode);
    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
    expect(statuses.filter((status) => status === 409)).toHaveLength(9);
    const winner = responses.find((response) => response.statusCode === 200);
    expect(await details(session.id)).toEqual(winner?.json<{ session: Session }>().session);
  });
});
