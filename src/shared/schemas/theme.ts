import { z } from '../zod.ts';

/** How the app looks: light, dark, or as the device is set. Remembered per user. */
export const THEMES = ['light', 'dark', 'system'] as const;
export const themeSchema = z.enum(THEMES, { error: 'Theme must be light, dark or system' });
export type Theme = z.infer<typeof themeSchema>;
