import type { App } from '#server/app.ts';
import type { CreateSessionInput, Session } from '#shared/schemas/sessions.ts';

/** The fields of a valid new session; `rulesFollowed` empty unless given. */
export function buildSession(overrides: Partial<CreateSessionInput> = {}): CreateSessionInput {
  return {
    name: 'Morning Session',
    date: '2026-03-14',
    sessionTypeId: 3,
    rulesFollowed: [],
    notes: null,
    ...overrides,
  };
}

export async function createSession(
  app: App,
  cookie: string,
  overrides: Partial<CreateSessionInput> = {},
): Promise<Session> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/sessions',
    headers: { cookie },
    payload: buildSession(overrides),
  });
  if (response.statusCode !== 201) throw new Error(`create session failed: ${response.body}`);
  return response.json<{ session: Session }>().session;
}
