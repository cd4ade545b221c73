import type { SignupData, User } from '#shared/schemas/auth.ts';
import type { UpdateProfileData } from '#shared/schemas/settings.ts';
import type { AppDatabase } from '../../db/client.ts';
import { lockAdminChanges } from '../../db/admin-lock.ts';
import { isUniqueViolation } from '../../db/dialect.ts';
import { withTraderLock } from '../../db/trader-lock.ts';
import { notAuthenticated } from '../../errors.ts';
import type { ImageStore } from '../../storage/image-store.ts';
import { hashLoginToken } from '../auth/login-tokens.ts';
import { createLoginsRepository } from '../auth/logins.repository.ts';
import { deleteScreenshot } from '../sessions/screenshot-files.ts';
import { createSessionTypesRepository } from '../sessions/session-types.repository.ts';
import { avatarKey, deleteAvatar, discardAvatar, storeAvatar } from './avatar-files.ts';
import { isCommonPassword, type PasswordHasher } from './passwords.ts';
import { normalizeUsername, toUserDto } from './user-dto.ts';
import {
  avatarNotFound,
  lastAdministratorLeaving,
  passwordIncorrect,
  passwordTooCommon,
  signupClosed,
  unknownReminderSessionType,
  userNotFound,
  usernameTaken,
} from './users.errors.ts';
import { createUsersRepository } from './users.repository.ts';

/** A check run inside a user-changing transaction, before the change; it throws to refuse. */
export type InTransactionCheck = (tx: AppDatabase) => Promise<void>;

/** Files removed at once after a user is deleted: a trader's years of screenshots are many. */
const FILE_BATCH = 32;

export type UsersService = ReturnType<typeof createUsersService>;

/** Owns accounts: who may sign up, how an account is created, profiles, and (later) the admin list. */
export function createUsersService({
  database,
  images,
  isSignupConfiguredOpen,
  passwords,
}: {
  database: AppDatabase;
  images: ImageStore;
  isSignupConfiguredOpen: boolean;
  passwords: PasswordHasher;
}) {
  const users = createUsersRepository(database);
  const sessionTypes = createSessionTypesRepository(database);

  /** Reminders name market sessions from the fixed, seeded list: an unknown id is refused. */
  async function assertSessionTypesExist(ids: number[]): Promise<void> {
    for (const id of ids) {
      if (!(await sessionTypes.hasSessionType(id))) throw unknownReminderSessionType();
    }
  }

  /** Validated fields in, the new user out; `isOnlyFirst` refuses unless the database is empty. */
  async function createAccount(
    input: SignupData,
    {
      isAdmin,
      isOnlyFirst = false,
      check,
    }: { isAdmin: boolean; isOnlyFirst?: boolean; check?: InTransactionCheck },
  ): Promise<User> {
    if (await isCommonPassword(input.password)) throw passwordTooCommon();
    const passwordHash = await passwords.hash(input.password);
    try {
      const row = await users.createUser(
        {
          username: input.username,
          usernameNormalized: normalizeUsername(input.username),
          passwordHash,
          fullName: input.fullName,
          email: input.email,
          companyName: input.companyName ?? null,
          isAdmin,
        },
        { isOnlyFirst, ...(check ? { check } : {}) },
      );
      if (!row) throw signupClosed();
      return toUserDto(row);
    } catch (error) {
      if (isUniqueViolation(error)) throw usernameTaken();
      throw error;
    }
  }

  /** Removes a deleted user's files, after the commit; a file that resists is left to the sweep. */
  async function removeUserFiles({
    avatarRef,
    screenshotRefs,
  }: {
    avatarRef: string | null;
    screenshotRefs: string[];
  }) {
    for (let start = 0; start < screenshotRefs.length; start += FILE_BATCH) {
      const batch = screenshotRefs.slice(start, start + FILE_BATCH);
      await Promise.all(batch.map((ref) => deleteScreenshot(images, ref)));
    }
    if (avatarRef) await deleteAvatar(images, avatarRef);
  }

  /**
   * Deletes a user and all of their data: the one way, for the administrator's delete and for
   * 'Delete my account'. The rows go in one transaction under the user's lock (so none of their
   * own writes is half done), after `check` has passed inside it; the files go after the
   * commit, so a failed commit deletes nothing. Their logins go with the rows: their cookie is
   * refused from the next request on.
   */
  async function deleteUser(
    userId: number,
    { check, whenMissing }: { check?: InTransactionCheck; whenMissing?: () => Error } = {},
  ): Promise<void> {
    const files = await withTraderLock(
      database,
      userId,
      async (tx) => {
        await check?.(tx);
        const locked = createUsersRepository(tx);
        const owned = await locked.findUserFiles(userId);
        await locked.deleteUser(userId);
        return owned;
      },
      whenMissing ? { whenMissing } : {},
    );
    await removeUserFiles(files);
  }

  return {
    /**
     * Public signup is open when configured so, and always while the database has no user:
     * a fresh instance must be able to get its administrator.
     */
    async isSignupOpen(): Promise<boolean> {
      return isSignupConfiguredOpen || !(await users.hasAnyUser());
    },

    async signup(input: SignupData): Promise<User> {
      // Checked before the password is hashed, and again inside the insert's transaction.
      if (!(await this.isSignupOpen())) throw signupClosed();
      return createAccount(input, { isAdmin: false, isOnlyFirst: !isSignupConfiguredOpen });
    },

    findUserForLogin: (username: string) => users.findUserForLogin(normalizeUsername(username)),

    /** An account made by an operator or an administrator: signup's checks, any role. */
    createAccount: (input: SignupData, { isAdmin }: { isAdmin: boolean }) =>
      createAccount(input, { isAdmin }),

    /** An operator's password reset: the policy holds, and every login of the user ends. */
    async resetPassword(username: string, password: string): Promise<User> {
      const userId = await users.findUserId(normalizeUsername(username));
      if (userId === undefined) throw userNotFound();
      if (await isCommonPassword(password)) throw passwordTooCommon();
      const passwordHash = await passwords.hash(password);
      const row = await withTraderLock(database, userId, async (tx) => {
        const locked = createUsersRepository(tx);
        await locked.setPasswordHash(userId, passwordHash);
        await locked.deleteLoginsOfUser(userId);
        return locked.findUser(userId);
      });
      // The lock found the user, so the row is there.
      return toUserDto(row!);
    },

    /** An operator makes an existing user an administrator. */
    async makeAdministrator(username: string): Promise<User> {
      const userId = await users.findUserId(normalizeUsername(username));
      const row = userId === undefined ? undefined : await users.setAdmin(userId, true);
      if (!row) throw userNotFound();
      return toUserDto(row);
    },

    /**
     * An account made by an administrator: the same checks as a signup, whether or not signup
     * is open. `check` re-checks the author's rights inside the insert's transaction.
     */
    createUserByAdmin: (
      input: SignupData,
      { isAdmin, check }: { isAdmin: boolean; check: InTransactionCheck },
    ): Promise<User> => createAccount(input, { isAdmin, check }),

    deleteUser,

    /**
     * 'Delete my account', with the password typed again, from the login `currentToken`. The
     * last administrator cannot leave: the instance would have nobody to manage it.
     * `whenPasswordRight` runs once the password has been found right, whatever follows (the
     * caller's refund of the attempt it counted).
     *
     * The password is checked before the trader's lock (the hash's work holds no one else), and
     * under the lock the deletion goes on only if nothing changed meanwhile: the same stored
     * hash, and this request's login still there. A password change that commits in between
     * (it sets a new hash and ends every other login) would otherwise be followed by a deletion
     * that checked the old password, from a login that change had just ended.
     */
    async deleteOwnAccount(
      userId: number,
      password: string,
      currentToken: string,
      { whenPasswordRight }: { whenPasswordRight?: () => Promise<void> } = {},
    ): Promise<void> {
      const storedHash = await users.findPasswordHash(userId);
      if (storedHash === undefined) throw notAuthenticated();
      if (!(await passwords.verify(storedHash, password))) throw passwordIncorrect();
      await whenPasswordRight?.();
      await deleteUser(userId, {
        check: async (tx) => {
          const locked = createUsersRepository(tx);
          const isCurrentLogin = await createLoginsRepository(tx).hasLoginOfUser(
            userId,
            hashLoginToken(currentToken),
          );
          if (!isCurrentLogin) throw notAuthenticated();
          if ((await locked.findPasswordHash(userId)) !== storedHash) throw passwordIncorrect();
          await lockAdminChanges(tx);
          if ((await locked.findIsAdmin(userId)) && (await locked.countAdmins()) <= 1) {
            throw lastAdministratorLeaving();
          }
        },
      });
    },

    /**
     * A user's own profile, picture and notification switches; only what the input names
     * changes. A new picture is stored before the row commits and removed if it does not; the
     * one it replaces is removed after.
     */
    async updateProfile(userId: number, input: UpdateProfileData): Promise<User> {
      const { notifications, results, reminders } = input.preferences ?? {};
      if (reminders?.sessionTypeIds) await assertSessionTypesExist(reminders.sessionTypeIds);
      const newRef = input.avatar ? await storeAvatar(images, input.avatar) : null;
      try {
        // Under the trader's lock: two pictures sent at once must not both replace the same one.
        const { row, replacedRef } = await withTraderLock(database, userId, async (tx) => {
          const locked = createUsersRepository(tx);
          const replacedRef =
            input.avatar === undefined ? null : await locked.findAvatarRef(userId);
          const row = await locked.updateProfile(userId, {
            full_name: input.fullName,
            email: input.email,
            company_name: input.companyName,
            ...(input.avatar === undefined ? {} : { avatar_ref: newRef }),
            notify_trading_sessions: notifications?.tradingSessions,
            notify_weekly_reports: notifications?.weeklyReports,
            notify_low_compliance: notifications?.lowCompliance,
            theme: input.preferences?.theme,
            currency: results?.currency,
            hide_money: results?.hideMoney,
            share_discipline: input.preferences?.sharing?.discipline,
            reminder_session_types:
              reminders?.sessionTypeIds && JSON.stringify(reminders.sessionTypeIds),
            reminder_minutes_before: reminders?.minutesBefore,
          });
          return { row, replacedRef };
        });
        if (replacedRef) await deleteAvatar(images, replacedRef);
        // The lock found the user, so the row is there.
        return toUserDto(row!);
      } catch (error) {
        if (newRef) await discardAvatar(database, images, newRef);
        throw error;
      }
    },

    /** A picture's bytes, for its owner and for administrators (the user list); 404 otherwise. */
    async readAvatar(viewer: User, ref: string): Promise<Buffer> {
      const owner = await users.findAvatarOwner(ref);
      if (owner === undefined || (owner !== viewer.id && !viewer.isAdmin)) throw avatarNotFound();
      const bytes = await images.get(avatarKey(ref));
      if (!bytes) throw avatarNotFound();
      return bytes;
    },
  };
}
