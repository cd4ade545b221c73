import { z } from 'zod';
import { COMPANY_NAME_MAX_LENGTH } from '../constants.ts';
import { newAccountFields, notificationPreferencesSchema } from './auth.ts';
import { imageDataUrl, wellFormedText } from './common.ts';
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
