import { onlineManager } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AuthSession, User } from '#shared/schemas/auth.ts';
import { LOGIN_REPLACED_MESSAGE, PAGE_USER_HEADER } from '#shared/constants.ts';
import { z } from '#shared/zod.ts';
import { apiRequest, HttpError, NetworkError } from './api-client.ts';
import { createQueryClient, endedTheLogin, shouldRetryRead } from './query-client.ts';
import { queryKeys } from './query-keys.ts';

describe('shouldRetryRead', () => {
  it('retries a read once when the server could not be reached', () => {
    expect(shouldRetryRead(0, new NetworkError())).toBe(true);
    expect(shouldRetryRead(1, new NetworkError())).toBe(false);
  });

  it.each([
    ['an error answer', new HttpError(500, 'Something went wrong')],
    ['a refusal', new HttpError(404, 'Trading rule not found')],
    ['an answer that does not match its schema', new TypeError('Expected number')],
    ['a cancelled request', new DOMException('Aborted', 'AbortError')],
  ])('never retries %s', (_case, error) => {
    expect(shouldRetryRead(0, error)).toBe(false);
  });
});

const user: User = {
  id: 7,
  username: 'trader',
  fullName: 'A Trader',
  email: 'trader@example.com',
  companyName: null,
  avatar: null,
  isAdmin: false,
  createdAt: '2026-11-22T00:00:00.000Z',
  preferences: {
    notifications: { tradingSessions: true, weeklyReports: true, lowCompliance: true },
    theme: 'system',
    results: { currency: 'USD', hideMoney: false },
    reminders: { sessionTypeIds: [], minutesBefore: 15 },
    sharing: { discipline: false },
  },
};

function loggedInClient(onLoginExpired = vi.fn()) {
  const client = createQueryClient({ onLoginExpired });
  client.setQueryData<AuthSession>(queryKeys.auth.session, { authenticated: true, user });
  client.setQueryData(queryKeys.appInfo, {
    name: 'Rulekeeper',
    company: 'Labs',
    isSignupOpen: true,
  });
  client.setQueryData(queryKeys.rules.all, []);
  client.setQueryData(queryKeys.sessions.list(), []);
  return { client, onLoginExpired };
}

const notLoggedIn = () => Promise.reject(new HttpError(401, 'You are not logged in'));

describe('a 401 while logged in', () => {
  it('from a read ends the login, keeps public data and tells the app once', async () => {
    const { client, onLoginExpired } = loggedInClient();
    const error = await client
      .fetchQuery({ queryKey: queryKeys.analytics.summary(), queryFn: notLoggedIn })
      .catch((e: unknown) => e);

    expect(onLoginExpired).toHaveBeenCalledExactlyOnceWith(user, 'ended');
    expect(endedTheLogin(error)).toBe(true);
    expect(client.getQueryData(queryKeys.auth.session)).toEqual({
      authenticated: false,
      user: null,
    });
    expect(client.getQueryData(queryKeys.appInfo)).toBeDefined();
    expect(client.getQueryData(queryKeys.rules.all)).toBeUndefined();
    expect(client.getQueryData(queryKeys.sessions.list())).toBeUndefined();
  });

  it('from a write does the same, and a second 401 is not announced again', async () => {
    const { client, onLoginExpired } = loggedInClient();
    const write = () =>
      client.getMutationCache().build(client, { mutationFn: notLoggedIn }).execute(undefined);

    const first = await write().catch((e: unknown) => e);
    const second = await write().catch((e: unknown) => e);

    expect(onLoginExpired).toHaveBeenCalledOnce();
    expect(endedTheLogin(first)).toBe(true);
    expect(endedTheLogin(second)).toBe(false);
  });
});

describe('a 401 because the browser is logged in as someone else (another tab)', () => {
  it('ends the login and says it was replaced', async () => {
    const { client, onLoginExpired } = loggedInClient();
    await client
      .getMutationCache()
      .build(client, {
        mutationFn: () => Promise.reject(new HttpError(401, LOGIN_REPLACED_MESSAGE)),
      })
      .execute(undefined)
      .catch(() => {});
    expect(onLoginExpired).toHaveBeenCalledExactlyOnceWith(user, 'replaced');
    expect(client.getQueryData(queryKeys.rules.all)).toBeUndefined();
  });
});

describe('a login changed in another tab, found when the login is asked again', () => {
  const askLogin = (client: ReturnType<typeof createQueryClient>, session: AuthSession) =>
    client.fetchQuery({
      queryKey: queryKeys.auth.session,
      queryFn: () => Promise.resolve(session),
      staleTime: 0,
    });

  it("as someone else: the first user's login ends as a 401 ends it, announced once", async () => {
    const { client, onLoginExpired } = loggedInClient();
    await askLogin(client, { authenticated: true, user: { ...user, id: 8, username: 'other' } });
    expect(onLoginExpired).toHaveBeenCalledExactlyOnceWith(user, 'replaced');
    expect(client.getQueryData(queryKeys.auth.session)).toEqual({
      authenticated: false,
      user: null,
    });
    expect(client.getQueryData(queryKeys.rules.all)).toBeUndefined();
    expect(client.getQueryData(queryKeys.sessions.list())).toBeUndefined();
    expect(client.getQueryData(queryKeys.appInfo)).toBeDefined();
  });

  it("an answer naming someone else, arriving after a 401 ended the login, is not the tab's", async () => {
    const { client, onLoginExpired } = loggedInClient();
    let answer: (session: AuthSession) => void = () => {};
    const asked = client
      .fetchQuery({
        queryKey: queryKeys.auth.session,
        queryFn: () => new Promise<AuthSession>((resolve) => (answer = resolve)),
        staleTime: 0,
      })
      .catch(() => {});
    await client
      .fetchQuery({ queryKey: queryKeys.rules.all, queryFn: notLoggedIn, staleTime: 0 })
      .catch(() => {});
    answer({ authenticated: true, user: { ...user, id: 8, username: 'other' } });
    await asked;
    expect(onLoginExpired).toHaveBeenCalledExactlyOnceWith(user, 'ended');
    expect(client.getQueryData(queryKeys.auth.session)).toEqual({
      authenticated: false,
      user: null,
    });
  });

  it('logged out: as a login found ended, announced once', async () => {
    const { client, onLoginExpired } = loggedInClient();
    await askLogin(client, { authenticated: false, user: null });
    expect(onLoginExpired).toHaveBeenCalledExactlyOnceWith(user, 'ended');
    expect(client.getQueryData(queryKeys.rules.all)).toBeUndefined();
    expect(client.getQueryData(queryKeys.appInfo)).toBeDefined();
  });

  it('the same user, renamed: nothing is dropped', async () => {
    const { client, onLoginExpired } = loggedInClient();
    await askLogin(client, { authenticated: true, user: { ...user, fullName: 'Renamed' } });
    expect(client.getQueryData(queryKeys.rules.all)).toEqual([]);
    expect(onLoginExpired).not.toHaveBeenCalled();
  });

  it("logged out, the tab follows another tab back into its own account, never into someone else's", async () => {
    const { client, onLoginExpired } = loggedInClient();
    const other = { ...user, id: 8, username: 'other' };
    await askLogin(client, { authenticated: true, user: other });
    expect(onLoginExpired).toHaveBeenCalledExactlyOnceWith(user, 'replaced');
    // Asked again (a later focus, or the second event of the same one): still logged out, and
    // nothing announced again.
    await askLogin(client, { authenticated: true, user: other });
    expect(client.getQueryData(queryKeys.auth.session)).toEqual({
      authenticated: false,
      user: null,
    });
    expect(onLoginExpired).toHaveBeenCalledOnce();
    // The first user logs in again elsewhere: the tab goes on as them.
    await askLogin(client, { authenticated: true, user });
    expect(client.getQueryData(queryKeys.auth.session)).toEqual({ authenticated: true, user });
  });

  it('a tab that has shown no account follows any login of another tab', async () => {
    const onLoginExpired = vi.fn();
    const client = createQueryClient({ onLoginExpired });
    client.setQueryData<AuthSession>(queryKeys.auth.session, { authenticated: false, user: null });
    await askLogin(client, { authenticated: true, user });
    expect(client.getQueryData(queryKeys.auth.session)).toEqual({ authenticated: true, user });
    expect(onLoginExpired).not.toHaveBeenCalled();
  });

  it("this tab's own logout and next login are not acted on", () => {
    const { client, onLoginExpired } = loggedInClient();
    client.setQueryData<AuthSession>(queryKeys.auth.session, { authenticated: false, user: null });
    client.setQueryData<AuthSession>(queryKeys.auth.session, {
      authenticated: true,
      user: { ...user, id: 8 },
    });
    expect(onLoginExpired).not.toHaveBeenCalled();
    expect(client.getQueryData(queryKeys.rules.all)).toEqual([]);
  });
});

describe('each call names the user the cached answers are for', () => {
  afterEach(() => vi.unstubAllGlobals());

  /** The page-user header of one call, or null without it. */
  async function headerOfACall() {
    const fetchMock = vi.fn(
      async (_url: string, _init: RequestInit) => new Response('{}', { status: 200 }),
    );
    vi.stubGlobal('fetch', fetchMock);
    await apiRequest('/api/x', { method: 'POST', body: {}, schema: z.object({}) });
    const headers = fetchMock.mock.calls[0]?.[1].headers as Record<string, string>;
    return headers[PAGE_USER_HEADER] ?? null;
  }

  it("from the login found to this tab's own logout and next login", async () => {
    const { client } = loggedInClient();
    expect(await headerOfACall()).toBe('7');
    client.setQueryData<AuthSession>(queryKeys.auth.session, { authenticated: false, user: null });
    expect(await headerOfACall()).toBeNull();
    client.setQueryData<AuthSession>(queryKeys.auth.session, {
      authenticated: true,
      user: { ...user, id: 8 },
    });
    expect(await headerOfACall()).toBe('8');
  });

  it('none once a 401 has ended the login', async () => {
    const { client } = loggedInClient();
    await client
      .fetchQuery({ queryKey: queryKeys.rules.all, queryFn: notLoggedIn, staleTime: 0 })
      .catch(() => {});
    expect(await headerOfACall()).toBeNull();
  });
});

describe('other failures', () => {
  it('leave the login alone: a wrong password answers 401 while logged out', async () => {
    const onLoginExpired = vi.fn();
    const client = createQueryClient({ onLoginExpired });
    client.setQueryData<AuthSession>(queryKeys.auth.session, { authenticated: false, user: null });
    await client
      .getMutationCache()
      .build(client, { mutationFn: notLoggedIn })
      .execute(undefined)
      .catch(() => {});
    expect(onLoginExpired).not.toHaveBeenCalled();
  });

  it('leave the login alone when the answer is not a 401', async () => {
    const { client, onLoginExpired } = loggedInClient();
    await client
      .fetchQuery({
        queryKey: queryKeys.rules.all,
        queryFn: () => Promise.reject(new HttpError(403, 'You are not allowed to do that')),
      })
      .catch(() => {});
    expect(onLoginExpired).not.toHaveBeenCalled();
    expect(client.getQueryData(queryKeys.auth.session)).toMatchObject({ authenticated: true });
  });
});

describe('without a connection', () => {
  afterEach(() => onlineManager.setOnline(true));

  it('a write is tried and fails at once, not held until the connection returns', async () => {
    onlineManager.setOnline(false);
    const client = createQueryClient();
    const send = vi.fn(() => Promise.reject(new NetworkError()));
    const write = client.getMutationCache().build(client, { mutationFn: send }).execute(undefined);
    await expect(write).rejects.toBeInstanceOf(NetworkError);
    expect(send).toHaveBeenCalledOnce();
  });
});
