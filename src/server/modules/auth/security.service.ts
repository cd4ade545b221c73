import type { User } from '#shared/schemas/auth.ts';
import type { ActiveLogin, ChangePasswordData } from '#shared/schemas/security.ts';
import type { AppDatabase } from '../../db/client.ts';
import { withTraderLock } from '../../db/trader-lock.ts';
import { notAuthenticated } from '../../errors.ts';
import { isCommonPassword, type PasswordHasher } from '../users/passwords.ts';
import { createUsersRepository } from '../users/users.repository.ts';
import type { AttemptLimits } from './attempt-limits.ts';
import { currentPasswordIncorrect, loginNotFound, newPasswordTooCommon } from './auth.errors.ts';
import { loginEndsAt } from './auth.service.ts';
import { describeDevice } from './describe-device.ts';
import { hashLoginToken, publicLoginId } from './login-tokens.ts';
import { createLoginsRepository, type StoredLogin } from './logins.repository.ts';

/**
 * Logins are few (each ends within 30 days), but nothing stops a script from making
 * thousands: the list shows the most recently used ones, and 'Log out everywhere else' still
 * ends them all.
 */
export const MAX_LOGINS_LISTED = 100;

export interface SecurityServiceDeps {
  database: AppDatabase;
  limits: AttemptLimits;
  passwords: PasswordHasher;
  now?: () => Date;
}

export type SecurityService = ReturnType<typeof createSecurityService>;

/**
 * A user's own logins and password: the list of active logins, ending the others, and a
 * password change that ends them too. Every write runs under the trader's lock; the current
 * login is the one whose cookie `currentToken` is.
 */
export function createSecurityService({
  database,
  limits,
  passwords,
  now = () => new Date(),
}: SecurityServiceDeps) {
  const logins = createLoginsRepository(database);
  const isLive = (login: Pick<StoredLogin, 'createdAt' | 'expiresAt' | 'isPersistent'>) =>
    now().getTime() < loginEndsAt(login);
  const endOthers = async (tx: AppDatabase, userId: number, currentId: string) => {
    const ended = await createLoginsRepository(tx).deleteOtherLoginsOfUser(userId, currentId);
    // Only logins that still worked count as ended; the rest were only tidied away.
    return ended.filter(isLive).length;
  };
  /**
   * Runs `work` under the trader's lock once the request's own login is known to be still
   * there: a request that was authenticated while another one (a password change, 'Log out
   * everywhere else') ended its login must not act, or two logins ending each other at once
   * would both go.
   */
  const asCurrentLogin = <T>(
    userId: number,
    currentToken: string,
    work: (tx: AppDatabase, currentId: string) => Promise<T>,
  ) =>
    withTraderLock(database, userId, async (tx) => {
      const currentId = hashLoginToken(currentToken);
      if (!(await createLoginsRepository(tx).hasLoginOfUser(userId, currentId))) {
        throw notAuthenticated();
      }
      return work(tx, currentId);
    });

  return {
    /** The current login first (it is in use right now), then by last use, newest first. */
    async listLogins(userId: number, currentToken: string): Promise<ActiveLogin[]> {
      const currentId = hashLoginToken(currentToken);
      const current = now();
      const rows = (
        await logins.listLoginsOfUser(userId, current, {
          limit: MAX_LOGINS_LISTED,
          first: currentId,
        })
      ).filter(isLive);
      const listed = rows.map((login) => {
        const isCurrent = login.id === currentId;
        return {
          id: publicLoginId(login.id),
          device: describeDevice(login.userAgent),
          createdAt: login.createdAt.toISOString(),
          // The current login's last use is this request; a stored one is up to 5 minutes old.
          lastUsedAt: (isCurrent ? current : (login.lastUsedAt ?? login.createdAt)).toISOString(),
          isCurrent,
        };
      });
      return [...listed.filter((l) => l.isCurrent), ...listed.filter((l) => !l.isCurrent)];
    },

    /** 'Log out everywhere else': how many other logins it ended. */
    endOtherLogins(userId: number, currentToken: string): Promise<number> {
      return asCurrentLogin(userId, currentToken, (tx, currentId) =>
        endOthers(tx, userId, currentId),
      );
    },

    /**
     * Ends one of the user's own logins by its public id (404 for anyone else's, or one
     * already ended). Answers whether it was the current one, whose cookie then goes too.
     */
    endLogin(userId: number, currentToken: string, id: string): Promise<{ isCurrent: boolean }> {
      return asCurrentLogin(userId, currentToken, async (tx, currentId) => {
        const repository = createLoginsRepository(tx);
        const own = await repository.listLoginsOfUser(userId, now());
        const login = own.filter(isLive).find((candidate) => publicLoginId(candidate.id) === id);
        if (!login) throw loginNotFound();
        await repository.deleteLoginOfUser(userId, login.id);
        return { isCurrent: login.id === currentId };
      });
    },

    /**
     * Checks the current password (counted as a login attempt of the user's, so it cannot be
     * used to guess passwords beyond the login limits), sets the new one and ends every other
     * login; the current one stays. The check and the writes share the trader's lock, so two
     * changes at once cannot both pass the check of the same old password.
     */
    async changePassword(
      user: User,
      currentToken: string,
      address: string,
      input: ChangePasswordData,
    ): Promise<number> {
      // Before the attempt is counted: a refused new password says nothing about the current one.
      if (await isCommonPassword(input.newPassword)) throw newPasswordTooCommon();
      const refund = await limits.countPasswordCheck(address, user);
      const newHash = await passwords.hash(input.newPassword);
      const ended = await asCurrentLogin(user.id, currentToken, async (tx, currentId) => {
        const users = createUsersRepository(tx);
        const storedHash = await users.findPasswordHash(user.id);
        if (!(await passwords.verify(storedHash, input.currentPassword))) {
          throw currentPasswordIncorrect();
        }
        await users.setPasswordHash(user.id, newHash);
        return endOthers(tx, user.id, currentId);
      });
      await refund();
      return ended;
    },
  };
}
