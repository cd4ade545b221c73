import {
  focusManager,
  hashKey,
  MutationCache,
  QueryCache,
  QueryClient,
} from '@tanstack/react-query';
import { LOGIN_REPLACED_MESSAGE } from '#shared/constants.ts';
import type { AuthSession, User } from '#shared/schemas/auth.ts';
import { callAs, isHttpError, NetworkError } from './api-client.ts';
import { closeNotifications } from './notifications.ts';
import { isUserDataKey, queryKeys } from './query-keys.ts';

/**
 * A read is tried once more when it got no answer at all (a dropped connection); an answer,
 * even an error answer, is final. Writes never retry: they may have happened.
 */
export function shouldRetryRead(failureCount: number, error: unknown): boolean {
  return failureCount < 1 && error instanceof NetworkError;
}

const LOGGED_OUT: AuthSession = { authenticated: false, user: null };

/**
 * Ends the login in the cache: mounted screens see "logged out" at once, and every answer
 * that belonged to the user is dropped. Public answers (app-info) stay. The reminders shown,
 * with their rule notes, are closed.
 */
export function forgetLogin(queryClient: QueryClient) {
  void closeNotifications();
  queryClient.setQueryData<AuthSession>(queryKeys.auth.session, LOGGED_OUT);
  // A login asked for at that moment (the window's focus) could otherwise answer afterwards
  // with another tab's login, and put the page back in someone's account: cancelled, the
  // query goes back to the value just set.
  void queryClient.cancelQueries({ queryKey: queryKeys.auth.session, exact: true });
  queryClient.removeQueries({ predicate: ({ queryKey }) => isUserDataKey(queryKey) });
}

/** 401s that ended the login: announced once, by the app, so screens stay quiet about them. */
const loginEndingErrors = new WeakSet<object>();

export function endedTheLogin(error: unknown): boolean {
  return typeof error === 'object' && error !== null && loginEndingErrors.has(error);
}

/**
 * TanStack Query listens to `visibilitychange` only, which does not fire when the trader
 * switches between two visible windows; a window's `focus` event does.
 */
function listenForWindowFocus() {
  if (typeof window === 'undefined') return;
  focusManager.setEventListener((handleFocus) => {
    const listener = () => handleFocus();
    window.addEventListener('visibilitychange', listener);
    window.addEventListener('focus', listener);
    return () => {
      window.removeEventListener('visibilitychange', listener);
      window.removeEventListener('focus', listener);
    };
  });
}

/**
 * Why a tab's login ended: on the server (expired, logged out, ended from another device), or
 * replaced by another tab's login as someone else.
 */
export type LoginEnd = 'ended' | 'replaced';

type QueryClientHooks = {
  /**
   * Called once when a call is refused with 401 while the client believed it was logged in,
   * or the login answers that it is over, after the cache has forgotten the login, with the
   * user whose login it was and why. The app keeps what they were typing, shows a toast and
   * goes to the login screen.
   */
  onLoginExpired?: (user: User | null, why: LoginEnd) => void;
};

/**
 * Cached data never goes stale on a timer; it is refreshed when the window regains focus
 * (another tab may have changed it), after the writes that change it, and after a refusal that
 * shows the cached view is wrong (see use-api-mutation.ts). Reads retry once on a network
 * error, writes never, and are not held back while the browser says it is offline.
 */
export function createQueryClient({ onLoginExpired }: QueryClientHooks = {}) {
  const handleError = (error: Error) => {
    if (!isHttpError(error, 401)) return;
    // A 401 while logged out is the login form's wrong password, or a login already ended.
    const session = queryClient.getQueryData<AuthSession>(queryKeys.auth.session);
    if (!session?.authenticated) return;
    loginEndingErrors.add(error);
    forgetLogin(queryClient);
    onLoginExpired?.(session.user, error.message === LOGIN_REPLACED_MESSAGE ? 'replaced' : 'ended');
  };
  // The login itself, asked again on focus, answered "logged out" or named someone else while
  // the cache held a user's.
  const handleLoginEndedElsewhere = (user: User, why: LoginEnd) => {
    forgetLogin(queryClient);
    onLoginExpired?.(user, why);
  };

  // A read refused with 403 while logged in: the login's rights may have changed since it was
  // read (another administrator took this one's), so it is read again, and a screen that needs
  // them says 'Not allowed' rather than 'could not be loaded' with a 'Try again' that fails.
  const handleReadError = (error: Error) => {
    handleError(error);
    if (!isHttpError(error, 403)) return;
    const session = queryClient.getQueryData<AuthSession>(queryKeys.auth.session);
    if (session?.authenticated)
      void queryClient.invalidateQueries({ queryKey: queryKeys.auth.session });
  };

  const queryClient = new QueryClient({
    queryCache: new QueryCache({ onError: handleReadError }),
    mutationCache: new MutationCache({ onError: handleError }),
    defaultOptions: {
      queries: {
        staleTime: Infinity,
        refetchOnWindowFocus: 'always',
        refetchInterval: false,
        retry: shouldRetryRead,
      },
      mutations: {
        retry: false,
        // Without a connection a write is tried, and fails with words the form shows, rather
        // than waiting unseen ('Saving...' for ever) to be sent whenever the connection comes
        // back, after the trader may have given up, or typed it again.
        networkMode: 'always',
      },
    },
  });
  listenForWindowFocus();
  followLoginsOfOtherTabs(queryClient, handleLoginEndedElsewhere);
  return queryClient;
}

/**
 * A tab belongs to the login it shows. Another tab of this browser may log out, or out and in
 * as someone else: the browser's cookie is then the other tab's. Each call names the user the
 * cached answers are for (`callAs`), and the server refuses it with 401 when the login is
 * someone else's, which ends this tab's login as any 401 does. The login is also asked again
 * when the window regains focus, as the screens' data is; an answer that names another user
 * than the cached one, or none, ends the tab's login the same way (`onEnded`: what was typed is
 * kept for its writer, the login screen says so). The tab does not carry on as the new user: a
 * form open with the first user's text would be saved in the other's account.
 * The cache's own changes (this tab's login and logout, a profile's new name) are followed
 * without ending anything.
 */
function followLoginsOfOtherTabs(
  queryClient: QueryClient,
  onEnded: (user: User, why: LoginEnd) => void,
) {
  const sessionHash = hashKey(queryKeys.auth.session);
  const userOf = (data: unknown) => {
    const session = data as AuthSession | undefined;
    return session?.authenticated ? session.user : null;
  };
  let user = userOf(queryClient.getQueryData(queryKeys.auth.session));
  // The user whose account the tab last showed, kept once their login has ended.
  let lastShown = user;
  callAs(user?.id ?? null);
  queryClient.getQueryCache().subscribe((event) => {
    if (event.type !== 'updated' || event.action.type !== 'success') return;
    if (event.query.queryHash !== sessionHash) return;
    const previous = user;
    const next = userOf(event.query.state.data);
    const isOwnChange = event.action.manual;
    if (!isOwnChange && !previous && next && lastShown && next.id !== lastShown.id) {
      // Logged out, the tab follows another tab's login only back into the account it showed
      // (a logout and a login again elsewhere). Someone else's is not followed, but logged in
      // to: a tab whose login another user's replaced went into their account at the first
      // user's page on a later focus, or at once when one focus brought two events. A tab that
      // has shown nobody's follows anyone's.
      forgetLogin(queryClient);
      return;
    }
    user = next;
    callAs(user?.id ?? null);
    if (isOwnChange || !previous || previous.id === next?.id) {
      if (next) lastShown = next;
      return;
    }
    onEnded(previous, next ? 'replaced' : 'ended');
  });
}
