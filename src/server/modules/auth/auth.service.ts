import { REMEMBER_ME_DAYS } from '#shared/constants.ts';
import type { LoginData, User } from '#shared/schemas/auth.ts';
import type { TraderVersions } from '../analytics/kept-answers.ts';
import type { AppDatabase } from '../../db/client.ts';
import { withTraderLock } from '../../db/trader-lock.ts';
import type { PasswordHasher } from '../users/passwords.ts';
import { toUserDto } from '../users/user-dto.ts';
import { createUsersRepository } from '../users/users.repository.ts';
import type { UsersService } from '../users/users.service.ts';
import { invalidCredentials } from './auth.errors.ts';
import { generateLoginToken, hashLoginToken } from './login-tokens.ts';
import {
  createLoginsRepository,
  type LoginsRepository,
  type StoredLogin,
} from './logins.repository.ts';
import { userAgentToStore } from './user-agent.ts';

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

/**
 * How long a login lasts. Every login has an absolute end counted from the moment it was
 * made, which nothing extends; a login without "Remember me" also ends after 12 idle hours.
 */
export const LOGIN_LIFETIMES = {
  rememberedMs: REMEMBER_ME_DAYS * DAY_MS,
  browserMs: 7 * DAY_MS,
  browserIdleMs: 12 * HOUR_MS,
};
/**
 * A login's last use (and with it the idle end) is written at most this often: one write per
 * login per 5 minutes, not per request.
 */
export const LOGIN_TOUCH_STEP_MS = 5 * 60 * 1000;

/** The absolute end of a login: counted from the moment it was made, never extended. */
function absoluteEnd({ createdAt, isPersistent }: Pick<StoredLogin, 'createdAt' | 'isPersistent'>) {
  return (
    createdAt.getTime() + (isPersistent ? LOGIN_LIFETIMES.rememberedMs : LOGIN_LIFETIMES.browserMs)
  );
}

/**
 * When a login ends: its stored (idle) end, or its absolute end if that comes first; `min`
 * because logins stored before absolute ends existed may carry a later expiry.
 */
export function loginEndsAt(login: Pick<StoredLogin, 'createdAt' | 'expiresAt' | 'isPersistent'>) {
  return Math.min(login.expiresAt.getTime(), absoluteEnd(login));
}

/** A login just made: the token goes into the cookie, and is never stored. */
export interface IssuedLogin {
  token: string;
  expiresAt: Date;
  isPersistent: boolean;
}

export interface AuthServiceDeps {
  database: AppDatabase;
  users: UsersService;
  logins: LoginsRepository;
  passwords: PasswordHasher;
  now?: () => Date;
}

export type AuthService = ReturnType<typeof createAuthService>;

export function createAuthService({
  database,
  users,
  logins,
  passwords,
  now = () => new Date(),
}: AuthServiceDeps) {
  return {
    /**
     * A new login for the right password; undefined for a wrong one or an unknown user.
     * `userAgent` is the request's header, kept (cut and checked) to name the device later.
     */
    async login(
      { username, password, rememberMe }: LoginData,
      userAgent?: string,
    ): Promise<{ user: User; login: IssuedLogin } | undefined> {
      const row = await users.findUserForLogin(username);
      const isValid = await passwords.verify(row?.password_hash, password);
      if (!row || !isValid) return undefined;
      const createdAt = now();
      const end = absoluteEnd({ createdAt, isPersistent: rememberMe });
      const expiresAt = new Date(
        rememberMe ? end : Math.min(createdAt.getTime() + LOGIN_LIFETIMES.browserIdleMs, end),
      );
      // The ended logins go first: if that fails, the login fails with nothing made.
      await logins.deleteExpiredLogins(createdAt);
      const token = generateLoginToken();
      // The hash took milliseconds, in which the password may have been changed (which ends
      // the other logins) or the account deleted. So the login is made under the trader's
      // lock, which a password change holds too, and only while the password is the one
      // checked: either the change ends it, or it is refused after the change, as any login
      // with the old password is.
      const isMade = await withTraderLock(
        database,
        row.id,
        async (tx) => {
          const current = await createUsersRepository(tx).findPasswordHash(row.id);
          if (current !== row.password_hash) return false;
          await createLoginsRepository(tx).createLogin({
            id: hashLoginToken(token),
            userId: row.id,
            createdAt,
            expiresAt,
            isPersistent: rememberMe,
            lastUsedAt: createdAt,
            userAgent: userAgentToStore(userAgent),
          });
          return true;
        },
        { whenMissing: invalidCredentials },
      );
      if (!isMade) return undefined;
      return { user: toUserDto(row), login: { token, expiresAt, isPersistent: rememberMe } };
    },

    /**
     * The user behind a cookie token with the versions of the user's data (read in the same
     * query), or undefined once the login has ended. A use is recorded at most every 5 minutes
     * (the list of active logins shows it); for a login without "Remember me" the same write
     * pushes its idle end back, never past its absolute end. This runs on every request: most
     * of them only read.
     */
    async validateLoginToken(
      token: string,
    ): Promise<{ user: User; versions: TraderVersions } | undefined> {
      const found = await logins.findLoginWithUser(hashLoginToken(token));
      if (!found) return undefined;
      const { login, user, versions } = found;
      const current = now();
      if (current.getTime() >= loginEndsAt(login)) {
        await logins.deleteLogin(login.id);
        return undefined;
      }
      const lastUsed = login.lastUsedAt?.getTime() ?? Number.NEGATIVE_INFINITY;
      if (current.getTime() - lastUsed >= LOGIN_TOUCH_STEP_MS) {
        const idleEnd = Math.min(
          current.getTime() + LOGIN_LIFETIMES.browserIdleMs,
          absoluteEnd(login),
        );
        await logins.touchLogin(
          login.id,
          current,
          login.isPersistent ? undefined : new Date(Math.max(idleEnd, login.expiresAt.getTime())),
        );
      }
      return { user: toUserDto(user), versions };
    },

    async logout(token: string): Promise<void> {
      await logins.deleteLogin(hashLoginToken(token));
    },
  };
}
