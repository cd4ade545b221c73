import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { deleteAccountSchema } from '#shared/schemas/admin.ts';
import { errorSchema, okSchema } from '#shared/schemas/common.ts';
import { clearLoginCookie, requireLogin } from '../../plugins/authenticate.ts';
import type { AttemptLimits } from '../auth/attempt-limits.ts';
import type { UsersService } from './users.service.ts';

/** 'Delete my account' in Settings. */
export const accountRoutes: FastifyPluginAsyncZod<{
  users: UsersService;
  limits: AttemptLimits;
}> = async (app, { users, limits }) => {
  app.delete(
    '/auth/account',
    {
      config: { access: 'user' },
      schema: {
        tags: ['auth'],
        summary: 'Delete your own account and all your data, with your password',
        body: deleteAccountSchema,
        response: {
          200: okSchema,
          400: errorSchema,
          401: errorSchema,
          409: errorSchema,
          429: errorSchema,
        },
      },
    },
    async (request, reply) => {
      const { user, token } = requireLogin(request);
      // Counted as a login attempt, before the password is checked: a browser left logged in
      // must not become a way to guess the password. A right one is given back, as a login's
      // is, even when the deletion is then refused (the last administrator).
      const refund = await limits.countPasswordCheck(request.ip, user);
      await users.deleteOwnAccount(user.id, request.body.password, token, {
        whenPasswordRight: refund,
      });
      clearLoginCookie(reply);
      return { ok: true as const };
    },
  );
};
