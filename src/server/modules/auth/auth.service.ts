import type { LoginData, SignupData, User } from '#shared/schemas/auth.ts';
import { REMEMBER_ME_DAYS } from '#shared/constants.ts';
import { isUniqueViolation } from '../../db/dialect.ts';
import type { UserRow } from '../../db/schema.ts';
import type { UsersRepository } from '../users/users.repository.ts';
import { normalizeUsername, toUserDto } from '../users/user-dto.ts';
import type { AuthSessionsRepository } from './auth-sessions.repository.ts';
import { signupClosed, usernameTaken } from './auth.errors.ts';
import { hashPassword, verifyPassword } from './passwords.ts';
import { generateSessionToken, hashSessionToken } from './session-tokens.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
/** "Remember me": 30 days, renewed while in use. */
export const PERSISTENT_SESSION_MS = REMEMBER_ME_DAYS * DAY_MS;
/** Without "Remember me" the cookie dies with the browser; the server forgets an idle one after 12 hours. */
export const BROWSER_SESSION_MS = 12 * 60 * 60 * 1000;

export interface IssuedSession {
  token: string;
  expiresAt: Date;
  isPersistent: boolean;
}

export interface AuthServiceDeps {
  users: UsersRepository;
  sessions: AuthSessionsRepository;
  isSignupOpen: boolean;
  now?: () => Date;
}

export type AuthService = ReturnType<typeof createAuthService>;

export function createAuthService({
  users,
  sessions,
  isSignupOpen,
  now = () => new Date(),
}: AuthServiceDeps) {
  const lifetime = (isPersistent: boolean) =>
    isPersistent ? PERSISTENT_SESSION_MS : BROWSER_SESSION_MS;

  return {
    async signup(input: SignupData): Promise<User> {
      // Signup stays open on an empty database even when closed: someone must become the admin.
      if (!isSignupOpen && (await users.hasAnyUser())) throw signupClosed();
      const passwordHash = await hashPassword(input.password);
      try {
        const row = await users.createUser({
          username: input.username,
          usernameNormalized: normalizeUsername(input.username),
          passwordHash,
          fullName: input.fullName,
          email: input.email,
          companyName: input.companyName ?? null,
          isAdmin: false,
        });
        return toUserDto(row);
      } catch (error) {
        if (isUniqueViolation(error)) throw usernameTaken();
        throw error;
      }
    },

    /** A new session for the right password; undefined for a wrong one or an unknown user. */
    async login({ username, password, rememberMe }: LoginData) {
      const row = await users.findUserByNormalizedUsername(normalizeUsername(username));
      const isValid = await verifyPassword(row?.password_hash, password);
      if (!row || !isValid) return undefined;
      const token = generateSessionToken();
      const expiresAt = new Date(now().getTime() + lifetime(rememberMe));
      await sessions.createSession({
        id: hashSessionToken(token),
        userId: row.id,
        expiresAt,
        isPersistent: rememberMe,
      });
      await sessions.deleteExpiredSessions(now());
      return { user: toUserDto(row), session: { token, expiresAt, isPersistent: rememberMe } };
    },

    /**
     * The user behind a cookie token, or undefined. A session used after half its lifetime
     * is renewed; `renewed` tells the caller to send the cookie again.
     */
    async validateSessionToken(
      token: string,
    ): Promise<{ user: UserRow; session: IssuedSession; renewed: boolean } | undefined> {
      const found = await sessions.findSessionWithUser(hashSessionToken(token));
      if (!found) return undefined;
      const { session, user } = found;
      const current = now().getTime();
      if (session.expiresAt.getTime() <= current) {
        await sessions.deleteSession(session.id);
        return undefined;
      }
      const fullLifetime = lifetime(session.isPersistent);
      const renewed = session.expiresAt.getTime() - current < fullLifetime / 2;
      const expiresAt = renewed ? new Date(current + fullLifetime) : session.expiresAt;
      if (renewed) await sessions.extendSession(session.id, expiresAt);
      return { user, session: { token, expiresAt, isPersistent: session.isPersistent }, renewed };
    },

    async logout(token: string): Promise<void> {
      await sessions.deleteSession(hashSessionToken(token));
    },
  };
}
