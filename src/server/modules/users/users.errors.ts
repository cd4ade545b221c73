import { createErrorFactory } from '../../errors.ts';

const USERNAME_TAKEN = 'Username already exists';

export const usernameTaken = createErrorFactory({
  code: 'users.username_taken',
  statusCode: 409,
  message: USERNAME_TAKEN,
  issues: [{ path: 'username', message: USERNAME_TAKEN }],
});

export const signupClosed = createErrorFactory({
  code: 'users.signup_closed',
  statusCode: 403,
  message: 'Signup is closed. Ask an administrator for an account.',
});

const TOO_COMMON = 'This password is too common';

export const passwordTooCommon = createErrorFactory({
  code: 'users.password_too_common',
  statusCode: 400,
  message: TOO_COMMON,
  issues: [{ path: 'password', message: TOO_COMMON }],
});
