import type { SignupData, User } from '#shared/schemas/auth.ts';
import type { UpdateProfileData } from '#shared/schemas/settings.ts';
import type { AppDatabase } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/dialect.ts';
import { notAuthenticated } from '../../errors.ts';
import { hashPassword, isCommonPassword } from './passwords.ts';
import { normalizeUsername, toUserDto } from './user-dto.ts';
import { passwordTooCommon, signupClosed, usernameTaken } from './users.errors.ts';
import { createUsersRepository } from './users.repository.ts';

export type UsersService = ReturnType<typeof createUsersService>;

/** Owns accounts: who may sign up, how an account is created, profiles, and (later) the admin list. */
export function createUsersService({
  database,
  isSignupConfiguredOpen,
}: {
  database: AppDatabase;
  isSignupConfiguredOpen: boolean;
}) {
  const users = createUsersRepository(database);

  /** Validated fields in, the new user out; `isOnlyFirst` refuses unless the database is empty. */
  async function createAccount(
    input: SignupData,
    { isAdmin, isOnlyFirst = false }: { isAdmin: boolean; isOnlyFirst?: boolean },
  ): Promise<User> {
    if (await isCommonPassword(input.password)) throw passwordTooCommon();
    const passwordHash = await hashPassword(input.password);
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
        { isOnlyFirst },
      );
      if (!row) throw signupClosed();
      return toUserDto(row);
    } catch (error) {
      if (isUniqueViolation(error)) throw usernameTaken();
      throw error;
    }
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

    /** A user's own profile and notification switches; only what the input names changes. */
    async updateProfile(userId: number, input: UpdateProfileData): Promise<User> {
      const notifications = input.preferences?.notifications;
      const row = await users.updateProfile(userId, {
        full_name: input.fullName,
        email: input.email,
        company_name: input.companyName,
        notify_trading_sessions: notifications?.tradingSessions,
        notify_weekly_reports: notifications?.weeklyReports,
        notify_low_compliance: notifications?.lowCompliance,
      });
      // The account was deleted while the request was on its way.
      if (!row) throw notAuthenticated();
      return toUserDto(row);
    },
  };
}
