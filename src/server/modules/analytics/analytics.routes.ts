import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { analyticsQuerySchema, analyticsSchema } from '#shared/schemas/analytics.ts';
import { errorSchema } from '#shared/schemas/common.ts';
import { requireUser } from '../../plugins/authenticate.ts';
import type { AnalyticsService } from './analytics.service.ts';

export const analyticsRoutes: FastifyPluginAsyncZod<{ analytics: AnalyticsService }> = async (
  app,
  { analytics },
) => {
  app.get(
    '/analytics',
    {
      config: { access: 'user' },
      schema: {
        tags: ['analytics'],
        summary:
          'Overall, per-rule and monthly compliance; without a range, the overall figure covers the 30 days ending on `today` (the day in UTC when left out)',
        querystring: analyticsQuerySchema,
        response: { 200: analyticsSchema, 400: errorSchema, 401: errorSchema },
      },
    },
    async (request) =>
      analytics.getAnalytics(requireUser(request).id, request.query, request.versions?.sessions),
  );
};
