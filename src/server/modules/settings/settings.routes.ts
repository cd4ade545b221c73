import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { userResponseSchema } from '#shared/schemas/auth.ts';
import { errorSchema } from '#shared/schemas/common.ts';
import { avatarParamsSchema, updateProfileSchema } from '#shared/schemas/settings.ts';
import { requireUser } from '../../plugins/authenticate.ts';
import { AVATAR_TOO_LARGE } from '../users/users.errors.ts';
import type { UsersService } from '../users/users.service.ts';

export const settingsRoutes: FastifyPluginAsyncZod<{ users: UsersService }> = async (
  app,
  { users },
) => {
  // The path the product was observed with; it changes the logged-in user only. The body may
  // carry a 2 MB picture as base64; most routes keep the 1 MB limit.
  app.put(
    '/auth/update-profile',
    {
      bodyLimit: 3 * 1024 * 1024,
      config: { access: 'user', tooLargeMessage: AVATAR_TOO_LARGE },
      schema: {
        tags: ['settings'],
        summary: 'Change your own name, email, company or notification switches',
        body: updateProfileSchema,
        response: {
          200: userResponseSchema,
          400: errorSchema,
          401: errorSchema,
          413: errorSchema,
        },
      },
    },
    async (request) => ({
      user: await users.updateProfile(requireUser(request).id, request.body),
    }),
  );

  app.get(
    '/avatars/:ref',
    {
      config: { access: 'user' },
      schema: {
        tags: ['settings'],
        summary: "A user's picture (256 × 256 WebP), to that user and to administrators",
        params: avatarParamsSchema,
      },
    },
    async (request, reply) => {
      const bytes = await users.readAvatar(requireUser(request), request.params.ref);
      return (
        reply
          .header('content-type', 'image/webp')
          // Random and never reused, as screenshot references are; never in a shared cache.
          .header('cache-control', 'private, max-age=31536000, immutable')
          .send(bytes)
      );
    },
  );
};
