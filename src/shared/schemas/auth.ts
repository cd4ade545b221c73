import { z } from '../zod.ts';
import {
  COMPANY_NAME_MAX_LENGTH,
  EMAIL_MAX_LENGTH,
  FULL_NAME_MAX_LENGTH,
  FULL_NAME_MIN_LENGTH,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  USERNAME_MAX_LENGTH,
} from '../constants.ts';
import { themeSchema } from './theme.ts';
import { optionalText, requiredText, textTypeError, wellFormedText } from './common.ts';

const username = requiredText({ label: 'Username', max: USERNAME_MAX_LENGTH });

/** Passwords are never trimmed or otherwise changed: what was typed is what is hashed. */
export function password(min: number, minMessage: string, label = 'Password') {
  const text = z
    .string({ error: textTypeError(label, minMessage) })
    .check(
      z.minLength(min, minMessage),
      z.maxLength(
        PASSWORD_MAX_LENGTH,
        `${label} must be at most ${PASSWORD_MAX_LENGTH} characters`,
      ),
    );
  return z.pipe(text, wellFormedText({ label }));
}

export const loginSchema = z.strictObject({
  username,
  password: password(1, 'Password is required'),
  rememberMe: z._default(z.boolean(), false),
});
export type LoginInput = z.input<typeof loginSchema>;

/**
 * The fields of a new account: public signup and the admin's create-user dialog. The server
 * also refuses a password found in its list of common passwords.
 */
export const newAccountFields = {
  // In its composed form (NFC): a name pasted decomposed ('José' as e and a combining accent)
  // is the same name. A letter may carry marks (accents, the vowel signs of Devanagari and
  // other scripts), though a mark cannot begin the name.
  username: z.pipe(
    username,
    z.pipe(
      z.transform((value: string) => value.normalize('NFC')),
      z.string().check(
        z.regex(
          /^(?!\p{M})[\p{L}\p{M}\p{N}._-]+$/u,
          'Username may contain only letters, numbers, dots, hyphens and underscores',
        ),
        // Again once composed: a few letters grow under NFC (U+095B, one character, is two).
        z.maxLength(
          USERNAME_MAX_LENGTH,
          `Username must be at most ${USERNAME_MAX_LENGTH} characters`,
        ),
      ),
    ),
  ),
  password: password(
    PASSWORD_MIN_LENGTH,
    `Password must be at least ${PASSWORD_MIN_LENGTH} characters`,
  ),
  fullName: requiredText({
    label: 'Full name',
    min: FULL_NAME_MIN_LENGTH,
    max: FULL_NAME_MAX_LENGTH,
    requiredMessage: 'Full name is required',
  }),
  email: z.pipe(
    requiredText({
      label: 'Email',
      max: EMAIL_MAX_LENGTH,
      requiredMessage: 'Invalid email address',
    }),
    z.email('Invalid email address'),
  ),
  companyName: optionalText({ label: 'Trading company', max: COMPANY_NAME_MAX_LENGTH }),
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
  id: z.int(),
  username: z.string(),
  fullName: z.string(),
  email: z.string(),
  companyName: z.nullable(z.string()),
  avatar: z.nullable(z.string()),
  isAdmin: z.boolean(),
  createdAt: z.string(),
  preferences: z.object({
    notifications: notificationPreferencesSchema,
    theme: themeSchema,
    /** The currency money results are in, and whether money amounts are hidden (R only). */
    results: z.object({ currency: z.string(), hideMoney: z.boolean() }),
    /** Browser reminders before the market sessions the trader trades. */
    reminders: z.object({
      sessionTypeIds: z.array(z.int()),
      minutesBefore: z.int(),
    }),
    /** Whether administrators may see the trader's discipline figures (Team discipline). */
    sharing: z.object({ discipline: z.boolean() }),
  }),
});
export type User = z.infer<typeof userSchema>;

export const userResponseSchema = z.object({ user: userSchema });

export const authSessionSchema = z.object({
  authenticated: z.boolean(),
  user: z.nullable(userSchema),
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
