import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorSchema, okSchema } from '#shared/schemas/common.ts';
import {
  authSessionSchema,
  loginSchema,
  signupSchema,
  userResponseSchema,
} from '#shared/schemas/auth.ts';
import { clearLoginCookie, requireUser, setLoginCookie } from '../../plugins/authenticate.ts';
import type { UsersService } from '../users/users.service.ts';
import type { AttemptLimits } from './attempt-limits.ts';
import { invalidCredentials } from './auth.errors.ts';
import type { AuthService } from './auth.service.ts';

export interface AuthRoutesOptions {
  auth: AuthService;
  users: UsersService;
  limits: AttemptLimits;
  cookieSecure: 'auto' | boolean;
}

const tags = ['auth'];

export const authRoutes: FastifyPluginAsyncZod<AuthRoutesOptions> = async (
  app,
  { auth, users, limits, cookieSecure },
) => {
  app.post(
    '/auth/signup',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'Create an account (does not log in)',
        body: signupSchema,
        response: {
          201: userResponseSchema,
          400: errorSchema,
          403: errorSchema,
          409: errorSchema,
          429: errorSchema,
        },
      },
    },
    async (request, reply) => {
      await limits.countSignup(request.ip);
      const user = await users.signup(request.body);
      return reply.status(201).send({ user });
    },
  );

  app.post(
    '/auth/login',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'Log in; sets the login cookie',
        body: loginSchema,
        response: { 200: userResponseSchema, 400: errorSchema, 401: errorSchema, 429: errorSchema },
      },
    },
    async (request, reply) => {
      const refund = await limits.countLoginAttempt(request.ip, request.body.username);
      const result = await auth.login(request.body, request.headers['user-agent']);
      if (!result) throw invalidCredentials();
      await refund();
      // The browser's earlier login, if it held one, ends: its cookie is replaced here, and it
      // would otherwise stay valid (and listed among the active logins) until it expired.
      if (request.loginToken) await auth.logout(request.loginToken);
      setLoginCookie(request, reply, result.login, cookieSecure);
      return { user: result.user };
    },
  );

  app.post(
    '/auth/logout',
    {
      config: { access: 'public' },
      schema: { tags, summary: 'Log out; revokes the login', response: { 200: okSchema } },
    },
    async (request, reply) => {
      if (request.loginToken) await auth.logout(request.loginToken);
      clearLoginCookie(reply);
      return { ok: true as const };
    },
  );

  app.get(
    '/auth/session',
    {
      config: { access: 'public' },
      schema: { tags, summary: 'Who is logged in', response: { 200: authSessionSchema } },
    },
    async (request) =>
      request.user
        ? { authenticated: true, user: request.user }
        : { authenticated: false, user: null },
  );

  app.get(
    '/user',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: 'The logged-in user',
        response: { 200: userResponseSchema, 401: errorSchema },
      },
    },
    async (request) => ({ user: requireUser(request) }),
  );
};
