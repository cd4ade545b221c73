/** Limits and figures that the server and the client must agree on. */

export const USERNAME_MAX_LENGTH = 50;
export const PASSWORD_MIN_LENGTH = 8;
/** What a new password must be, said beside each field that sets one, before it is refused. */
export const NEW_PASSWORD_HINT = `At least ${PASSWORD_MIN_LENGTH} characters; not a common password.`;
/** argon2 hashes whatever it is given; a bound keeps a hostile body from costing CPU. */
export const PASSWORD_MAX_LENGTH = 256;
export const FULL_NAME_MIN_LENGTH = 2;
export const FULL_NAME_MAX_LENGTH = 100;
export const EMAIL_MAX_LENGTH = 254;
export const COMPANY_NAME_MAX_LENGTH = 100;
/** The administrator's search of the accounts: longer than any field it looks through needs. */
export const USER_SEARCH_MAX_LENGTH = 100;

/** "Remember me": how long the persistent session cookie lives. */
export const REMEMBER_ME_DAYS = 30;

export const RULE_DESCRIPTION_MAX_LENGTH = 500;
export const RULE_NOTES_MAX_LENGTH = 2000;
/** A discipline checklist, not a rulebook: also bounds the reorder payload. */
export const MAX_RULES_PER_USER = 100;

/** Reminder banner intervals, in minutes, as the product was observed; 5 is the default. */
export const REMINDER_INTERVAL_MINUTES = [3, 5, 10, 15] as const;
export const DEFAULT_REMINDER_INTERVAL_MINUTES = 5;

export const SESSION_NAME_MAX_LENGTH = 100;
export const SESSION_NOTES_MAX_LENGTH = 5000;

/** A screenshot's decoded size, as the trader's file is: 10 MB. */
export const SCREENSHOT_MAX_BYTES = 10 * 1024 * 1024;
/** Width × height: a 4K screen is 8.3 megapixels, two side by side fit easily. */
export const SCREENSHOT_MAX_PIXELS = 40_000_000;

/** Sessions per page of a list; the history page loads page after page. */
export const PAGE_SIZE_DEFAULT = 50;
export const PAGE_SIZE_MAX = 200;

/** Compliance bands: at or above `green` is green (check), at or above `amber` amber (warning). */
export const COMPLIANCE_BANDS = { green: 90, amber: 75 } as const;

/** The dashboard's Recent Sessions and Recent Screenshots cards show this many. */
export const RECENT_SESSIONS_SHOWN = 3;

/** Sessions one 'Delete Selected' request may name: a page at most, one transaction. */
export const BULK_DELETE_MAX = PAGE_SIZE_MAX;

/**
 * The image formats the server takes, for a screenshot and a profile picture alike: a picker
 * offers these only. The server checks the bytes as well; this only saves a round trip.
 */
export const IMAGE_MEDIA_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/gif'];

/** A profile picture's decoded size: 2 MB, as the product was observed. */
export const AVATAR_MAX_BYTES = 2 * 1024 * 1024;
export const AVATAR_MAX_PIXELS = 25_000_000;

/** A session's money result, in the trader's currency, either way: stored in hundredths. */
export const RESULT_MONEY_MAX = 10_000_000;
/** A session's result in R (multiples of the planned risk), either way: stored in hundredths. */
export const RESULT_R_MAX = 1000;
/** The currency money results are in until the trader chooses one. */
export const DEFAULT_CURRENCY = 'USD';

/** Browser reminders: how many minutes before a market session opens, at most a day. */
export const REMINDER_MINUTES_BEFORE_MAX = 24 * 60;
export const DEFAULT_REMINDER_MINUTES_BEFORE = 15;
/** Bounds a list of session types in a request; the seeded list has five. */
export const MAX_SESSION_TYPES = 20;

/**
 * The header the app sends with each API call once it knows its user: that user's id. Tabs of
 * one browser share its login cookie, so a tab opened for one trader may call the API after
 * another tab logged in as someone else; the server refuses such a call with 401 rather than
 * answer or write for the wrong person. Other clients leave it out.
 */
export const PAGE_USER_HEADER = 'rulekeeper-user';
/**
 * The same, as a query parameter, for the calls a page makes as plain links, which cannot
 * carry a header (the export's downloads).
 */
export const PAGE_USER_PARAM = 'pageUser';
/** The server's words for that refusal; the client tells it from an ended login by them. */
export const LOGIN_REPLACED_MESSAGE =
  'You are logged in as someone else in another tab. Log in again to go on.';
