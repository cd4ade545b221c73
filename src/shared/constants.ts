/** Limits and figures that the server and the client must agree on. */

export const USERNAME_MAX_LENGTH = 50;
export const PASSWORD_MIN_LENGTH = 8;
/** argon2 hashes whatever it is given; a bound keeps a hostile body from costing CPU. */
export const PASSWORD_MAX_LENGTH = 256;
export const FULL_NAME_MIN_LENGTH = 2;
export const FULL_NAME_MAX_LENGTH = 100;
export const EMAIL_MAX_LENGTH = 254;
export const COMPANY_NAME_MAX_LENGTH = 100;

/** "Remember me": how long the persistent session cookie lives. */
export const REMEMBER_ME_DAYS = 30;

export const RULE_DESCRIPTION_MAX_LENGTH = 500;
export const RULE_NOTES_MAX_LENGTH = 2000;
/** A discipline checklist, not a rulebook: also bounds the reorder payload. */
export const MAX_RULES_PER_USER = 100;

/** Reminder banner intervals, in minutes, as the product was observed; 5 is the default. */
export const REMINDER_INTERVAL_MINUTES = [3, 5, 10, 15] as const;
export const DEFAULT_REMINDER_INTERVAL_MINUTES = 5;
