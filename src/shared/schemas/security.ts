import { z } from '../zod.ts';
import { newAccountFields, password } from './auth.ts';

/**
 * `PUT /api/auth/password`. The new password follows the signup policy (8 to 256 characters,
 * and the server refuses a common one); the current one is only checked, never bounded by the
 * policy, so a password set before the policy still opens the way to a new one.
 */
export const changePasswordSchema = z
  .strictObject({
    currentPassword: password(1, 'Current password is required', 'Current password'),
    newPassword: newAccountFields.password,
  })
  .check(
    z.refine((input) => input.newPassword !== input.currentPassword, {
      path: ['newPassword'],
      message: 'New password must be different from the current one',
    }),
  );
export type ChangePasswordInput = z.input<typeof changePasswordSchema>;
export type ChangePasswordData = z.output<typeof changePasswordSchema>;

/** One browser's login, as its owner sees it in the list of active logins. */
export const activeLoginSchema = z.object({
  /** Opaque and derived from the stored token hash, never the hash itself. */
  id: z.string(),
  /** 'Chrome on Windows', 'Safari on iPhone', 'Unknown device'... */
  device: z.string(),
  createdAt: z.string(),
  /** When the login was last used, to within a few minutes. */
  lastUsedAt: z.string(),
  /** The login this request came with. */
  isCurrent: z.boolean(),
});
export type ActiveLogin = z.infer<typeof activeLoginSchema>;

/** `GET /api/auth/logins`: the logged-in user's live logins, the current one first, then by last use. */
export const activeLoginsResponseSchema = z.object({ logins: z.array(activeLoginSchema) });
export type ActiveLoginsResponse = z.infer<typeof activeLoginsResponseSchema>;

/** How many other logins a request ended: 'Log out everywhere else' and a password change. */
export const endedLoginsSchema = z.object({ ended: z.int().check(z.gte(0)) });
export type EndedLogins = z.infer<typeof endedLoginsSchema>;

/** A login's public id in a path. */
export const loginIdParamsSchema = z.strictObject({
  id: z.string().check(z.regex(/^[A-Za-z0-9_-]{22}$/, 'Login id is not valid')),
});
