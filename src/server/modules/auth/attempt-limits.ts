import { RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import { AppError } from '../../errors.ts';
import { normalizeUsername } from '../users/user-dto.ts';
import { addressKey, networkKey } from './address-key.ts';
import type { AttemptStore } from './attempt-store.ts';

const LOGIN_WINDOW_SECONDS = 15 * 60;
/**
 * Login attempts per username from one address in the window (an IPv6 address by its /48, a
 * site's whole block): slows guessing one password, and holds back only the address that
 * guesses, not the account's owner elsewhere.
 */
export const MAX_LOGIN_ATTEMPTS_PER_USERNAME_AND_ADDRESS = 10;
/**
 * Login-form attempts per username from all addresses together in the window: bounds guessing
 * from many addresses. Filling it takes ten addresses guessing at once, and holds back the
 * login form only: a logged-in owner's password checks do not count against it.
 */
export const MAX_LOGIN_ATTEMPTS_PER_USERNAME = 100;
/**
 * A logged-in user's password checks (password change, 'Delete my account') from all
 * addresses together in the window, counted apart from the login form's: a login cookie used
 * from many addresses gets no more guesses than this, and guessers at the login form cannot
 * spend it.
 */
export const MAX_PASSWORD_CHECKS_PER_USER = 10;
/** Login attempts per address in the window: generous, as a whole trading desk may sit behind one. */
export const MAX_LOGIN_ATTEMPTS_PER_ADDRESS = 50;
/**
 * An IPv6 site's /48 (65,536 /64s, each counted as a client) is allowed this many times one
 * client's logins and signups: a site of many traders, without the /64s of one attacker.
 */
export const NETWORK_FACTOR = 4;
const SIGNUP_WINDOW_SECONDS = 60 * 60;

function tooManyAttempts(what: string, msBeforeNext: number) {
  const seconds = Math.max(1, Math.ceil(msBeforeNext / 1000));
  const minutes = Math.ceil(seconds / 60);
  return new AppError({
    code: 'auth.too_many_attempts',
    statusCode: 429,
    message: `Too many ${what}. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
    headers: { 'retry-after': String(seconds) },
  });
}

type Counter = readonly [limiter: RateLimiterAbstract, key: string];

/**
 * Counts each attempt before the password is checked or hashed, so parallel requests cannot
 * outrun a limit: each count is one atomic increment in the store (memory, PostgreSQL or
 * Redis) that answers the new total, and only the requests within the limits go on to the
 * (slow) password work. See docs/decisions/0003-login-rate-limit.md.
 */
export function createAttemptLimits({
  signupsPerHour,
  store,
}: {
  signupsPerHour: number;
  store: AttemptStore;
}) {
  const loginsPerAddress = store.counter({
    name: 'login-address',
    points: MAX_LOGIN_ATTEMPTS_PER_ADDRESS,
    durationSeconds: LOGIN_WINDOW_SECONDS,
  });
  const loginsPerUsernameAndAddress = store.counter({
    name: 'login-username-address',
    points: MAX_LOGIN_ATTEMPTS_PER_USERNAME_AND_ADDRESS,
    durationSeconds: LOGIN_WINDOW_SECONDS,
  });
  const loginsPerUsername = store.counter({
    name: 'login-username',
    points: MAX_LOGIN_ATTEMPTS_PER_USERNAME,
    durationSeconds: LOGIN_WINDOW_SECONDS,
  });
  const passwordChecksPerUser = store.counter({
    name: 'password-check-user',
    points: MAX_PASSWORD_CHECKS_PER_USER,
    durationSeconds: LOGIN_WINDOW_SECONDS,
  });
  const signupsPerAddress = store.counter({
    name: 'signup-address',
    points: signupsPerHour,
    durationSeconds: SIGNUP_WINDOW_SECONDS,
  });
  const loginsPerNetwork = store.counter({
    name: 'login-network',
    points: MAX_LOGIN_ATTEMPTS_PER_ADDRESS * NETWORK_FACTOR,
    durationSeconds: LOGIN_WINDOW_SECONDS,
  });
  const signupsPerNetwork = store.counter({
    name: 'signup-network',
    points: signupsPerHour * NETWORK_FACTOR,
    durationSeconds: SIGNUP_WINDOW_SECONDS,
  });

  /** The address's counter, and its network's when it has one (IPv6). */
  const byAddress = (
    address: string,
    perAddress: RateLimiterAbstract,
    perNetwork: RateLimiterAbstract,
  ) => {
    const network = networkKey(address);
    const counters: Counter[] = [[perAddress, addressKey(address)]];
    if (network) counters.push([perNetwork, network]);
    return counters;
  };

  const refund = async (counters: Counter[]) => {
    await Promise.all(counters.map(([limiter, key]) => limiter.reward(key)));
  };

  /**
   * Counts one attempt on every counter, or throws a 429 naming `what` when any is spent.
   * Every increment made is then taken back, also the one that found its counter spent: a
   * refused attempt checked nothing, so a later refund (a good login in flight) frees a real
   * attempt. A counter whose store failed made none.
   */
  const consumeAll = async (counters: Counter[], what: string) => {
    const results = await Promise.allSettled(
      counters.map(([limiter, key]) => limiter.consume(key)),
    );
    const refusals = results.flatMap((result) =>
      result.status === 'rejected' ? [result.reason as unknown] : [],
    );
    if (refusals.length === 0) return;
    await refund(
      counters.filter((_, index) => {
        const result = results[index];
        return result?.status === 'fulfilled' || result?.reason instanceof RateLimiterRes;
      }),
    );
    const waits = refusals.map((reason) => {
      if (reason instanceof RateLimiterRes) return reason.msBeforeNext;
      throw reason;
    });
    throw tooManyAttempts(what, Math.max(...waits));
  };

  /** The counters every password check of `username` from `address` spends. */
  const passwordCheckCounters = (address: string, username: string): Counter[] => [
    ...byAddress(address, loginsPerAddress, loginsPerNetwork),
    [loginsPerUsernameAndAddress, `${networkKey(address) ?? addressKey(address)} ${username}`],
  ];

  /** Counts on every counter, or throws; resolves to the refund of a right password. */
  const countAll = async (counters: Counter[]) => {
    await consumeAll(counters, 'login attempts');
    return () => refund(counters);
  };

  return {
    /**
     * Counts a login attempt against the address, the username from that address and the
     * username from anywhere, or throws a 429 when any is spent (an attempt refused here
     * counts against none, as it checked nothing). Resolves to the refund to call after a
     * successful login, so that traders who type their password right are never held up by
     * their own logins.
     */
    countLoginAttempt(address: string, username: string): Promise<() => Promise<void>> {
      const account = normalizeUsername(username);
      return countAll([...passwordCheckCounters(address, account), [loginsPerUsername, account]]);
    },

    /**
     * Counts the password check of a logged-in user (a password change, 'Delete my account')
     * as a login attempt from that address, and against the user's own count of such checks
     * from all addresses: a browser left logged in, or a stolen cookie, cannot be used to guess
     * the password, nor to go around the login form's limits. It leaves out the username's
     * count at the login form, so that guessers elsewhere, who can hold the form back, cannot
     * keep the owner from changing the password.
     */
    countPasswordCheck(
      address: string,
      user: { id: number; username: string },
    ): Promise<() => Promise<void>> {
      return countAll([
        ...passwordCheckCounters(address, normalizeUsername(user.username)),
        [passwordChecksPerUser, String(user.id)],
      ]);
    },

    /** Counts a signup against the address before its password is hashed; never refunded. */
    async countSignup(address: string): Promise<void> {
      await consumeAll(
        byAddress(address, signupsPerAddress, signupsPerNetwork),
        'signups from this address',
      );
    },
  };
}

export type AttemptLimits = ReturnType<typeof createAttemptLimits>;
