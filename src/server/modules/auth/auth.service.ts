import { REMEMBER_ME_DAYS } from '#shared/constants.ts';
import type { LoginData, User } from '#shared/schemas/auth.ts';
import { verifyPassword } from '../users/passwords.ts';
import { toUserDto } from '../users/user-dto.ts';
import type { UsersService } from '../users/users.service.ts';
import { generateLoginToken, hashLoginToken } from './login-tokens.ts';
import type { LoginsRepository } from './logins.repository.ts';

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
/** The idle end moves at most this often: one write per login per 5 minutes, not per request. */
const IDLE_RENEWAL_STEP_MS = 5 * 60 * 1000;

/** A login just made: the token goes into the cookie, and is never stored. */
export interface IssuedLogin {
  token: string;
  expiresAt: Date;
  isPersistent: boolean;
}

export interface AuthServiceDeps {
  users: UsersService;
  logins: LoginsRepository;
  now?: () => Date;
}

export type AuthService = ReturnType<typeof createAuthService>;

export function createAuthService({ users, logins, now = () => new Date() }: AuthServiceDeps) {
  const absoluteEnd = (createdAt: Date, isPersistent: boolean) =>
    createdAt.getTime() + (isPersistent ? LOGIN_LIFETIMES.rememberedMs : LOGIN_LIFETIMES.browserMs);

  return {
    /** A new login for the right password; undefined for a wrong one or an unknown user. */
    async login({
      username,
      password,
      rememberMe,
    }: LoginData): Promise<{ user: User; login: IssuedLogin } | undefined> {
      const row = await users.findUserForLogin(username);
      const isValid = await verifyPassword(row?.password_hash, password);
      if (!row || !isValid) return undefined;
      const createdAt = now();
      const end = absoluteEnd(createdAt, rememberMe);
      const expiresAt = new Date(
        rememberMe ? end : Math.min(createdAt.getTime() + LOGIN_LIFETIMES.browserIdleMs, end),
      );
      const token = generateLoginToken();
      await logins.createLogin({
        id: hashLoginToken(token),
        userId: row.id,
        createdAt,
        expiresAt,
        isPersistent: rememberMe,
      });
      await logins.deleteExpiredLogins(createdAt);
      return { user: toUserDto(row), login: { token, expiresAt, isPersistent: rememberMe } };
    },

    /**
     * The user behind a cookie token, or undefined once the login has ended. Using a login
     * without "Remember me" pushes its idle end back, never past its absolute end.
     */
    async validateLoginToken(token: string): Promise<User | undefined> {
      const found = await logins.findLoginWithUser(hashLoginToken(token));
      if (!found) return undefined;
      const { login, user } = found;
      const current = now().getTime();
      const expiresAt = login.expiresAt.getTime();
      const absolute = absoluteEnd(login.createdAt, login.isPersistent);
      // `min`: logins stored before absolute ends existed may carry a later expiry.
      if (current >= Math.min(expiresAt, absolute)) {
        await logins.deleteLogin(login.id);
        return undefined;
      }
      if (!login.isPersistent) {
        const renewedExpiry = Math.min(current + LOGIN_LIFETIMES.browserIdleMs, absolute);
        if (renewedExpiry - expiresAt >= IDLE_RENEWAL_STEP_MS) {
          await logins.extendLogin(login.id, new Date(renewedExpiry));
        }
      }
      return toUserDto(user);
    },

    async logout(token: string): Promise<void> {
      await logins.deleteLogin(hashLoginToken(token));
    },
  };
}
