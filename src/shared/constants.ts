/** Limits and figures that the server and the client must agree on. */

export const USERNAME_MAX_LENGTH = 50;
export const PASSWORD_MIN_LENGTH = 6;
/** argon2 hashes whatever it is given; a bound keeps a hostile body from costing CPU. */
export const PASSWORD_MAX_LENGTH = 256;
export const FULL_NAME_MIN_LENGTH = 2;
export const FULL_NAME_MAX_LENGTH = 100;
export const EMAIL_MAX_LENGTH = 254;
export const COMPANY_NAME_MAX_LENGTH = 100;

/** "Remember me": how long the persistent session cookie lives. */
export const REMEMBER_ME_DAYS = 30;
