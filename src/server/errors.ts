import { LOGIN_REPLACED_MESSAGE } from '#shared/constants.ts';
import type { ApiError } from '#shared/schemas/common.ts';

interface ErrorDefinition {
  code: string;
  statusCode: number;
  message: string;
  /** Field messages of a 400, as the client maps them onto its form. */
  issues?: NonNullable<ApiError['issues']>;
  /** Headers the answer carries, such as `retry-after` on a 429. */
  headers?: Record<string, string>;
}

/** An error the API answers with as `{ message }` and a status. `code` is stable for logs and tests. */
export class AppError extends Error {
  override name = 'AppError';
  readonly code: string;
  readonly statusCode: number;
  readonly issues: ErrorDefinition['issues'];
  readonly headers: ErrorDefinition['headers'];

  constructor({ code, statusCode, message, issues, headers }: ErrorDefinition) {
    super(message);
    this.code = code;
    this.statusCode = statusCode;
    this.issues = issues;
    this.headers = headers;
  }
}

/** Declares an error once, papra-style: `export const userNotFound = createErrorFactory({...})`. */
export function createErrorFactory(definition: ErrorDefinition) {
  return () => new AppError(definition);
}

/**
 * No valid login. Shared by the authentication plugin and the per-trader lock, which finds
 * the account gone when it was deleted while the request was on its way.
 */
export const notAuthenticated = createErrorFactory({
  code: 'auth.not_authenticated',
  statusCode: 401,
  message: 'You are not logged in',
});

/**
 * The call names the user its page was opened for, and the browser's login is now someone
 * else's (another tab logged in): the page's own login is over for it.
 */
export const loginReplaced = createErrorFactory({
  code: 'auth.login_replaced',
  statusCode: 401,
  message: LOGIN_REPLACED_MESSAGE,
});

/** Logged in, but the route (or the change) is for administrators. */
export const notAllowed = createErrorFactory({
  code: 'auth.not_allowed',
  statusCode: 403,
  message: 'Only administrators can do this',
});
