import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { userResponseSchema } from '#shared/schemas/auth.ts';
import { errorSchema } from '#shared/schemas/common.ts';
import { updateProfileSchema } from '#shared/schemas/settings.ts';
import { ensureLoggedIn, requireUser } from '../../plugins/authenticate.ts';
import type { UsersService } from '../users/users.service.ts';

export const settingsRoutes: FastifyPluginAsyncZod<{ users: UsersService }> = async (
  app,
  { users },
) => {
  app.addHook('onRequest', ensureLoggedIn);

  // The path the product was observed with; it changes the logged-in user only.
  app.put(
    '/auth/update-profile',
    {
      schema: {
        tags: ['settings'],
        summary: 'Change your own name, email, company or notification switches',
        body: updateProfileSchema,
        response: { 200: userResponseSchema, 400: errorSchema, 401: errorSchema },
      },
    },
    async (request) => ({
      user: await users.updateProfile(requireUser(request).id, request.body),
    }),
  );
};
