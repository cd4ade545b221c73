import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorSchema, okSchema } from '#shared/schemas/common.ts';
import {
  authSessionSchema,
  loginSchema,
  signupSchema,
  userResponseSchema,
} from '#shared/schemas/auth.ts';
import { clearSessionCookie, requireUser, setSessionCookie } from '../../plugins/authenticate.ts';
import { toUserDto } from '../users/user-dto.ts';
import { invalidCredentials } from './auth.errors.ts';
import type { AuthService } from './auth.service.ts';
import { createLoginRateLimit } from './login-rate-limit.ts';

export interface AuthRoutesOptions {
  auth: AuthService;
  cookieSecure: 'auto' | boolean;
}

export const authRoutes: FastifyPluginAsyncZod<AuthRoutesOptions> = async (
  app,
  { auth, cookieSecure },
) => {
  const loginRateLimit = createLoginRateLimit(app);

  app.post(
    '/auth/signup',
    {
      schema: {
        tags: ['auth'],
        summary: 'Create an account (does not log in)',
        body: signupSchema,
        response: { 201: userResponseSchema, 400: errorSchema, 403: errorSchema, 409: errorSchema },
      },
    },
    async (request, reply) => {
      const user = await auth.signup(request.body);
      return reply.status(201).send({ user });
    },
  );

  app.post(
    '/auth/login',
    {
      schema: {
        tags: ['auth'],
        summary: 'Log in; sets the session cookie',
        body: loginSchema,
        response: { 200: userResponseSchema, 400: errorSchema, 401: errorSchema, 429: errorSchema },
      },
      preHandler: loginRateLimit.check,
    },
    async (request, reply) => {
      const result = await auth.login(request.body);
      if (!result) {
        await loginRateLimit.recordFailure(request);
        throw invalidCredentials();
      }
      const { user, session } = result;
      setSessionCookie(request, reply, session, cookieSecure);
      return { user };
    },
  );

  app.post(
    '/auth/logout',
    {
      schema: {
        tags: ['auth'],
        summary: 'Log out; revokes the session',
        response: { 200: okSchema },
      },
    },
    async (request, reply) => {
      if (request.sessionToken) await auth.logout(request.sessionToken);
      clearSessionCookie(reply);
      return { ok: true as const };
    },
  );

  app.get(
    '/auth/session',
    {
      schema: { tags: ['auth'], summary: 'Who is logged in', response: { 200: authSessionSchema } },
    },
    async (request) =>
      request.user
        ? { authenticated: true, user: toUserDto(request.user) }
        : { authenticated: false, user: null },
  );

  app.get(
    '/user',
    {
      schema: {
        tags: ['auth'],
        summary: 'The logged-in user',
        response: { 200: userResponseSchema, 401: errorSchema },
      },
    },
    async (request) => ({ user: toUserDto(requireUser(request)) }),
  );
};
