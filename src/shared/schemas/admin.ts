import { USER_SEARCH_MAX_LENGTH } from '../constants.ts';
import { z } from '../zod.ts';
import { loginSchema, newAccountFields } from './auth.ts';
import { idParam, optionalText, pageQueryFields, pageSchema } from './common.ts';

/** A user as the administrator's list shows it: no preferences, never the password hash. */
export const adminUserSchema = z.object({
  id: z.int(),
  username: z.string(),
  fullName: z.string(),
  email: z.string(),
  companyName: z.nullable(z.string()),
  avatar: z.nullable(z.string()),
  isAdmin: z.boolean(),
  createdAt: z.string(),
});
export type AdminUser = z.infer<typeof adminUserSchema>;

export const adminUserResponseSchema = z.object({ user: adminUserSchema });

/**
 * `GET /api/admin/users`: newest first, a page at a time; with `search`, only the accounts
 * whose username, full name, email or company holds each of its words, without regard to case.
 */
export const adminUsersQuerySchema = z.strictObject({
  ...pageQueryFields,
  search: optionalText({ label: 'Search', max: USER_SEARCH_MAX_LENGTH }),
});
export type AdminUsersQueryInput = z.input<typeof adminUsersQuerySchema>;
export type AdminUsersQuery = z.output<typeof adminUsersQuerySchema>;

export const adminUsersPageSchema = pageSchema('users', adminUserSchema);
export type AdminUsersPage = z.infer<typeof adminUsersPageSchema>;

/** The 'Create New User' dialog: the fields of a signup, and whether the user is an administrator. */
export const createUserSchema = z.strictObject({
  ...newAccountFields,
  isAdmin: z._default(z.boolean({ error: 'isAdmin must be true or false' }), false),
});
export type CreateUserInput = z.input<typeof createUserSchema>;
export type CreateUserData = z.output<typeof createUserSchema>;

export const adminUserIdParamsSchema = z.strictObject({ id: idParam('User id') });

/** Make a user an administrator, or take the rights away. */
export const setUserRoleSchema = z.strictObject({
  isAdmin: z.boolean({ error: 'isAdmin must be true or false' }),
});
export type SetUserRoleData = z.output<typeof setUserRoleSchema>;

/**
 * 'Delete my account': the password again, as the login takes it (never trimmed), so that a
 * browser left logged in cannot be used to remove the account.
 */
export const deleteAccountSchema = z.strictObject({ password: loginSchema.shape.password });
export type DeleteAccountInput = z.input<typeof deleteAccountSchema>;
