import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorSchema } from '#shared/schemas/common.ts';
import {
  disciplinePaysQuerySchema,
  disciplinePaysSchema,
} from '#shared/schemas/discipline-pays.ts';
import { requireUser } from '../../plugins/authenticate.ts';
import type { DisciplinePaysService } from './discipline-pays.service.ts';

export const disciplinePaysRoutes: FastifyPluginAsyncZod<{
  disciplinePays: DisciplinePaysService;
}> = async (app, { disciplinePays }) => {
  app.get(
    '/analytics/discipline-pays',
    {
      config: { access: 'user' },
      schema: {
        tags: ['analytics'],
        summary:
          'Does discipline pay: results by compliance band, per rule followed vs broken, and rating against result; only sessions with a result count, and in privacy mode only R',
        querystring: disciplinePaysQuerySchema,
        response: { 200: disciplinePaysSchema, 400: errorSchema, 401: errorSchema },
      },
    },
    async (request) => disciplinePays.getDisciplinePays(requireUser(request), request.query),
  );
};
