import { sql } from 'kysely';
import { z } from '#shared/zod.ts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDatabase } from '../../db/client.ts';
import { errorSchema } from '#shared/schemas/common.ts';

export const healthRoutes: FastifyPluginAsyncZod<{ database: AppDatabase }> = async (
  app,
  { database },
) => {
  app.get(
    '/health',
    {
      config: { access: 'public' },
      schema: {
        tags: ['health'],
        summary: 'Answers when the server and its database do',
        response: { 200: z.object({ status: z.literal('ok') }), 503: errorSchema },
      },
    },
    async (request, reply) => {
      try {
        await sql`select 1`.execute(database.db);
        return { status: 'ok' as const };
      } catch (error) {
        request.log.error({ err: error }, 'database health check failed');
        return reply.status(503).send({ message: 'Database unavailable' });
      }
    },
  );
};
