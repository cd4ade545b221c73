import { createErrorFactory } from '../../errors.ts';

export const invalidCredentials = createErrorFactory({
  code: 'auth.invalid_credentials',
  statusCode: 401,
  message: 'Invalid username or password',
});
