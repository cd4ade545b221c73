import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorSchema } from '#shared/schemas/common.ts';
import { sessionTypesResponseSchema } from '#shared/schemas/sessions.ts';
import type { SessionTypesRepository } from './session-types.repository.ts';

export const sessionTypesRoutes: FastifyPluginAsyncZod<{
  sessionTypes: SessionTypesRepository;
}> = async (app, { sessionTypes }) => {
  app.get(
    '/session-types',
    {
      config: { access: 'user' },
      schema: {
        tags: ['sessions'],
        summary: 'The market sessions a trading session can belong to (times in UTC)',
        response: { 200: sessionTypesResponseSchema, 401: errorSchema },
      },
    },
    async () => ({ sessionTypes: await sessionTypes.listSessionTypes() }),
  );
};
