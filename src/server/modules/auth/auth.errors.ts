import { createErrorFactory } from '../../errors.ts';

export const invalidCredentials = createErrorFactory({
  code: 'auth.invalid_credentials',
  statusCode: 401,
  message: 'Invalid username or password',
});

/**
 * A password change with the wrong current password: 400, not 401, which the client takes to
 * mean that its login has ended.
 */
const CURRENT_PASSWORD_INCORRECT = 'Current password is incorrect';
export const currentPasswordIncorrect = createErrorFactory({
  code: 'auth.current_password_incorrect',
  statusCode: 400,
  message: CURRENT_PASSWORD_INCORRECT,
  issues: [{ path: 'currentPassword', message: CURRENT_PASSWORD_INCORRECT }],
});

const TOO_COMMON = 'This password is too common';
export const newPasswordTooCommon = createErrorFactory({
  code: 'auth.new_password_too_common',
  statusCode: 400,
  message: TOO_COMMON,
  issues: [{ path: 'newPassword', message: TOO_COMMON }],
});

/** Also the answer for another user's login: it must look exactly like a missing one. */
export const loginNotFound = createErrorFactory({
  code: 'auth.login_not_found',
  statusCode: 404,
  message: 'Login not found',
});
