import { createErrorFactory } from '../../errors.ts';

export const invalidCredentials = createErrorFactory({
  code: 'auth.invalid_credentials',
  statusCode: 401,
  message: 'Invalid username or password',
});

export const notAuthenticated = createErrorFactory({
  code: 'auth.not_authenticated',
  statusCode: 401,
  message: 'You are not logged in',
});

export const usernameTaken = createErrorFactory({
  code: 'auth.username_taken',
  statusCode: 409,
  message: 'Username already exists',
});

export const signupClosed = createErrorFactory({
  code: 'auth.signup_closed',
  statusCode: 403,
  message: 'Signup is closed. Ask an administrator for an account.',
});
