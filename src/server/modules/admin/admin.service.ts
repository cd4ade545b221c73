import type {
  AdminUser,
  AdminUsersPage,
  AdminUsersQuery,
  CreateUserData,
} from '#shared/schemas/admin.ts';
import type { User } from '#shared/schemas/auth.ts';
import { lockAdminChanges } from '../../db/admin-lock.ts';
import type { AppDatabase } from '../../db/client.ts';
import { withTraderLock } from '../../db/trader-lock.ts';
import { notAllowed, notAuthenticated } from '../../errors.ts';
import { toUserDto } from '../users/user-dto.ts';
import { createUsersRepository } from '../users/users.repository.ts';
import { userNotFound } from '../users/users.errors.ts';
import type { UsersService } from '../users/users.service.ts';
import { cannotDeleteYourself, cannotDemoteYourself, lastAdministrator } from './admin.errors.ts';
import { createAdminRepository } from './admin.repository.ts';

export type AdminService = ReturnType<typeof createAdminService>;

/** The user as the administrator's list shows it. */
function toAdminUser({
  id,
  username,
  fullName,
  email,
  companyName,
  avatar,
  isAdmin,
  createdAt,
}: User): AdminUser {
  return { id, username, fullName, email, companyName, avatar, isAdmin, createdAt };
}

/**
 * Re-checks, inside the change's transaction, that the actor is still an administrator: the
 * login was checked when the request arrived, and another administrator may have taken the
 * rights away (or deleted the account) since.
 */
async function assertStillAdmin(tx: AppDatabase, actorId: number): Promise<void> {
  const isAdmin = await createUsersRepository(tx).findIsAdmin(actorId);
  if (isAdmin === undefined) throw notAuthenticated();
  if (!isAdmin) throw notAllowed();
}

/** True when `userId` is an administrator and no other one exists. */
async function isLastAdmin(tx: AppDatabase, userId: number): Promise<boolean> {
  const users = createUsersRepository(tx);
  return (await users.findIsAdmin(userId)) === true && (await users.countAdmins()) <= 1;
}

/**
 * User management. Every change runs in one transaction that takes the target's trader lock,
 * then the administrator-changes lock (db/admin-lock.ts), then re-checks the actor's rights and
 * that an administrator remains: two administrators acting on each other at the same moment
 * are served one after the other, and the second sees what the first did.
 */
export function createAdminService({
  database,
  users,
}: {
  database: AppDatabase;
  users: UsersService;
}) {
  const admin = createAdminRepository(database);

  return {
    async listUsers(query: AdminUsersQuery): Promise<AdminUsersPage> {
      const { rows, nextCursor } = await admin.listUsers(query);
      return { users: rows.map((row) => toAdminUser(toUserDto(row))), nextCursor };
    },

    async createUser(actorId: number, { isAdmin, ...account }: CreateUserData): Promise<AdminUser> {
      const user = await users.createUserByAdmin(account, {
        isAdmin,
        check: (tx) => assertStillAdmin(tx, actorId),
      });
      return toAdminUser(user);
    },

    /** Deletes another user and all their data; never oneself, never the last administrator. */
    async deleteUser(actorId: number, userId: number): Promise<void> {
      if (userId === actorId) throw cannotDeleteYourself();
      await users.deleteUser(userId, {
        whenMissing: userNotFound,
        check: async (tx) => {
          await lockAdminChanges(tx);
          await assertStillAdmin(tx, actorId);
          if (await isLastAdmin(tx, userId)) throw lastAdministrator();
        },
      });
    },

    /** Makes a user an administrator or takes the rights away; never one's own, never the last. */
    async setRole(actorId: number, userId: number, isAdmin: boolean): Promise<AdminUser> {
      if (userId === actorId && !isAdmin) throw cannotDemoteYourself();
      const row = await withTraderLock(
        database,
        userId,
        async (tx) => {
          await lockAdminChanges(tx);
          await assertStillAdmin(tx, actorId);
          if (!isAdmin && (await isLastAdmin(tx, userId))) throw lastAdministrator();
          return createUsersRepository(tx).setAdmin(userId, isAdmin);
        },
        { whenMissing: userNotFound },
      );
      // The lock found the user, so the row is there.
      return toAdminUser(toUserDto(row!));
    },
  };
}
