import { z } from 'zod';
import {
  COMPANY_NAME_MAX_LENGTH,
  EMAIL_MAX_LENGTH,
  FULL_NAME_MAX_LENGTH,
  FULL_NAME_MIN_LENGTH,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  USERNAME_MAX_LENGTH,
} from '../constants.ts';
import { optionalText } from './common.ts';

export const loginSchema = z.strictObject({
  username: z
    .string()
    .trim()
    .min(1, 'Username is required')
    .max(USERNAME_MAX_LENGTH, `Username must be at most ${USERNAME_MAX_LENGTH} characters`),
  password: z
    .string()
    .min(1, 'Password is required')
    .max(PASSWORD_MAX_LENGTH, `Password must be at most ${PASSWORD_MAX_LENGTH} characters`),
  rememberMe: z.boolean().default(false),
});
export type LoginInput = z.input<typeof loginSchema>;

/** The fields of a new account: public signup and, later, the admin's create-user dialog. */
export const newAccountFields = {
  username: z
    .string()
    .trim()
    .min(1, 'Username is required')
    .max(USERNAME_MAX_LENGTH, `Username must be at most ${USERNAME_MAX_LENGTH} characters`)
    .regex(
      /^[\p{L}\p{N}._-]+$/u,
      'Username may contain only letters, numbers, dots, hyphens and underscores',
    ),
  password: z
    .string()
    .min(PASSWORD_MIN_LENGTH, `Password must be at least ${PASSWORD_MIN_LENGTH} characters`)
    .max(PASSWORD_MAX_LENGTH, `Password must be at most ${PASSWORD_MAX_LENGTH} characters`),
  fullName: z
    .string()
    .trim()
    .min(FULL_NAME_MIN_LENGTH, 'Full name is required')
    .max(FULL_NAME_MAX_LENGTH, `Full name must be at most ${FULL_NAME_MAX_LENGTH} characters`),
  email: z
    .string()
    .trim()
    .max(EMAIL_MAX_LENGTH, 'Invalid email address')
    .pipe(z.email('Invalid email address')),
  companyName: optionalText(
    COMPANY_NAME_MAX_LENGTH,
    `Trading company must be at most ${COMPANY_NAME_MAX_LENGTH} characters`,
  ),
};

export const signupSchema = z.strictObject(newAccountFields);
export type SignupInput = z.input<typeof signupSchema>;

export const notificationPreferencesSchema = z.object({
  tradingSessions: z.boolean(),
  weeklyReports: z.boolean(),
  lowCompliance: z.boolean(),
});

/** The logged-in user as the client reads it. Never carries the password hash. */
export const userSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  fullName: z.string(),
  email: z.string(),
  companyName: z.string().nullable(),
  avatar: z.string().nullable(),
  isAdmin: z.boolean(),
  createdAt: z.string(),
  preferences: z.object({ notifications: notificationPreferencesSchema }),
});
export type User = z.infer<typeof userSchema>;

export const userResponseSchema = z.object({ user: userSchema });

export const authSessionSchema = z.object({
  authenticated: z.boolean(),
  user: userSchema.nullable(),
});
export type AuthSession = z.infer<typeof authSessionSchema>;

/** Public facts the client needs before anyone logs in. */
export const appInfoSchema = z.object({
  name: z.string(),
  company: z.string(),
  isSignupOpen: z.boolean(),
});
export type AppInfo = z.infer<typeof appInfoSchema>;

/** What the server receives once the schemas have trimmed and defaulted the input. */
export type LoginData = z.output<typeof loginSchema>;
export type SignupData = z.output<typeof signupSchema>;
