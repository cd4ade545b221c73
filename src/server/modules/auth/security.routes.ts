import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorSchema, okSchema } from '#shared/schemas/common.ts';
import {
  activeLoginsResponseSchema,
  changePasswordSchema,
  endedLoginsSchema,
  loginIdParamsSchema,
} from '#shared/schemas/security.ts';
import { clearLoginCookie, requireLogin } from '../../plugins/authenticate.ts';
import type { SecurityService } from './security.service.ts';

const tags = ['auth'];

/** The logged-in user's own logins and password (the Security card of the settings page). */
export const securityRoutes: FastifyPluginAsyncZod<{ security: SecurityService }> = async (
  app,
  { security },
) => {
  app.get(
    '/auth/logins',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: 'Your active logins: the current one first, then by last use',
        response: { 200: activeLoginsResponseSchema, 401: errorSchema },
      },
    },
    async (request) => {
      const { user, token } = requireLogin(request);
      return { logins: await security.listLogins(user.id, token) };
    },
  );

  app.post(
    '/auth/logins/end-others',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: 'Log out everywhere else: ends every login of yours but this one',
        response: { 200: endedLoginsSchema, 401: errorSchema },
      },
    },
    async (request) => {
      const { user, token } = requireLogin(request);
      return { ended: await security.endOtherLogins(user.id, token) };
    },
  );

  app.delete(
    '/auth/logins/:id',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: 'End one of your logins (ending this one logs you out)',
        params: loginIdParamsSchema,
        response: { 200: okSchema, 400: errorSchema, 401: errorSchema, 404: errorSchema },
      },
    },
    async (request, reply) => {
      const { user, token } = requireLogin(request);
      const { isCurrent } = await security.endLogin(user.id, token, request.params.id);
      if (isCurrent) clearLoginCookie(reply);
      return { ok: true as const };
    },
  );

  app.put(
    '/auth/password',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: 'Change your password; ends every other login of yours',
        description:
          'A wrong currentPassword answers 400 (not 401) and counts as a login attempt: ' +
          'too many answer 429. newPassword follows the signup policy.',
        body: changePasswordSchema,
        response: { 200: endedLoginsSchema, 400: errorSchema, 401: errorSchema, 429: errorSchema },
      },
    },
    async (request) => {
      const { user, token } = requireLogin(request);
      return {
        ended: await security.changePassword(user, token, request.ip, request.body),
      };
    },
  );
};
