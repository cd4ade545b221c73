import { z } from '../zod.ts';
import {
  COMPANY_NAME_MAX_LENGTH,
  MAX_SESSION_TYPES,
  REMINDER_MINUTES_BEFORE_MAX,
} from '../constants.ts';
import { newAccountFields, notificationPreferencesSchema } from './auth.ts';
import { idSchema, imageDataUrl, wellFormedText } from './common.ts';
import { currencySchema } from './results.ts';
import { themeSchema } from './theme.ts';

/** A company name in a profile change: blank clears it (null), absent keeps it. */
const companyName = z.pipe(
  z.pipe(
    z
      .string({ error: 'Trading company must be text' })
      .check(
        z.trim(),
        z.maxLength(
          COMPANY_NAME_MAX_LENGTH,
          `Trading company must be at most ${COMPANY_NAME_MAX_LENGTH} characters`,
        ),
      ),
    wellFormedText({ label: 'Trading company' }),
  ),
  z.transform((value) => value || null),
);

/**
 * `PUT /api/auth/update-profile`: any of the profile fields, the picture and the notification
 * switches; what is left out stays as it is. The fields are checked as at signup.
 */
/**
 * Whether a field of a change sets anything: a value, null (a picture removed) or a list (an
 * empty one clears it), or an object with such a field inside, however deep. `{ preferences:
 * {} }` changes nothing, and is refused as an empty change is.
 */
export function holdsAChange(value: unknown): boolean {
  if (value === undefined) return false;
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return true;
  return Object.values(value).some(holdsAChange);
}

export const updateProfileSchema = z
  .strictObject({
    fullName: z.optional(newAccountFields.fullName),
    email: z.optional(newAccountFields.email),
    companyName: z.optional(z.nullable(companyName)),
    /** A new picture as a data URL, or null to remove it. */
    avatar: z.optional(z.nullable(imageDataUrl('The picture'))),
    preferences: z.optional(
      z.strictObject({
        notifications: z.optional(z.strictObject(z.partial(notificationPreferencesSchema).shape)),
        theme: z.optional(themeSchema),
        results: z.optional(
          z.strictObject({
            currency: z.optional(currencySchema),
            hideMoney: z.optional(z.boolean({ error: 'hideMoney must be true or false' })),
          }),
        ),
        reminders: z.optional(
          z.strictObject({
            /** Each must be a known session type; the server checks. */
            sessionTypeIds: z.optional(
              z.array(idSchema('Session type'), { error: 'sessionTypeIds must be a list' }).check(
                z.maxLength(MAX_SESSION_TYPES, 'sessionTypeIds names too many session types'),
                z.refine((ids) => new Set(ids).size === ids.length, 'Name each session type once'),
              ),
            ),
            minutesBefore: z.optional(
              z
                .number({ error: 'Minutes before must be a number' })
                .check(
                  z.int('Minutes before must be a whole number'),
                  z.gte(0, 'Minutes before must be 0 or more'),
                  z.lte(
                    REMINDER_MINUTES_BEFORE_MAX,
                    `Minutes before must be at most ${REMINDER_MINUTES_BEFORE_MAX}`,
                  ),
                ),
            ),
          }),
        ),
        sharing: z.optional(
          z.strictObject({
            discipline: z.optional(z.boolean({ error: 'discipline must be true or false' })),
          }),
        ),
      }),
    ),
  })
  .check(
    z.refine((input) => Object.values(input).some(holdsAChange), {
      message: 'Nothing to change: send fullName, email, companyName, avatar or preferences',
    }),
  );
export type UpdateProfileInput = z.input<typeof updateProfileSchema>;
export type UpdateProfileData = z.output<typeof updateProfileSchema>;

/** A profile picture's reference: the server's own random name. */
export const AVATAR_REF = /^[A-Za-z0-9_-]{22}\.webp$/;

/** A picture reference in a path. */
export const avatarParamsSchema = z.strictObject({
  ref: z.string().check(z.regex(AVATAR_REF, 'Picture reference is not valid')),
});
