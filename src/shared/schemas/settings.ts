import { z } from 'zod';
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
const companyName = z
  .string({ error: 'Trading company must be text' })
  .trim()
  .max(
    COMPANY_NAME_MAX_LENGTH,
    `Trading company must be at most ${COMPANY_NAME_MAX_LENGTH} characters`,
  )
  .pipe(wellFormedText({ label: 'Trading company' }))
  .transform((value) => value || null);

/**
 * `PUT /api/auth/update-profile`: any of the profile fields, the picture and the notification
 * switches; what is left out stays as it is. The fields are checked as at signup.
 */
export const updateProfileSchema = z
  .strictObject({
    fullName: newAccountFields.fullName.optional(),
    email: newAccountFields.email.optional(),
    companyName: companyName.nullable().optional(),
    /** A new picture as a data URL, or null to remove it. */
    avatar: imageDataUrl('The picture').nullable().optional(),
    preferences: z
      .strictObject({
        notifications: notificationPreferencesSchema.partial().strict().optional(),
        theme: themeSchema.optional(),
        results: z
          .strictObject({
            currency: currencySchema.optional(),
            hideMoney: z.boolean({ error: 'hideMoney must be true or false' }).optional(),
          })
          .optional(),
        reminders: z
          .strictObject({
            /** Each must be a known session type; the server checks. */
            sessionTypeIds: z
              .array(idSchema('Session type'), { error: 'sessionTypeIds must be a list' })
              .max(MAX_SESSION_TYPES, 'sessionTypeIds names too many session types')
              .refine((ids) => new Set(ids).size === ids.length, 'Name each session type once')
              .optional(),
            minutesBefore: z
              .number({ error: 'Minutes before must be a number' })
              .int('Minutes before must be a whole number')
              .min(0, 'Minutes before must be 0 or more')
              .max(
                REMINDER_MINUTES_BEFORE_MAX,
                `Minutes before must be at most ${REMINDER_MINUTES_BEFORE_MAX}`,
              )
              .optional(),
          })
          .optional(),
        sharing: z
          .strictObject({
            discipline: z.boolean({ error: 'discipline must be true or false' }).optional(),
          })
          .optional(),
      })
      .optional(),
  })
  .refine((input) => Object.values(input).some((value) => value !== undefined), {
    message: 'Nothing to change: send fullName, email, companyName, avatar or preferences',
  });
export type UpdateProfileInput = z.input<typeof updateProfileSchema>;
export type UpdateProfileData = z.output<typeof updateProfileSchema>;

/** A picture reference in a path: the server's own random name. */
export const avatarParamsSchema = z.strictObject({
  ref: z.string().regex(/^[A-Za-z0-9_-]{22}\.webp$/, 'Picture reference is not valid'),
});
