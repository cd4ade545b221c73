import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorSchema } from '#shared/schemas/common.ts';
import {
  teamAnalyticsQuerySchema,
  teamQuerySchema,
  teamSchema,
  teamTraderAnalyticsSchema,
  teamTraderParamsSchema,
} from '#shared/schemas/team.ts';
import type { TeamService } from './team.service.ts';

const tags = ['admin'];
/** Administrators only, checked by the access-control plugin before anything is read. */
const config = { access: 'admin' as const };
const refusals = { 400: errorSchema, 401: errorSchema, 403: errorSchema };

/** The company view: the discipline figures of the traders who share them. */
export const teamRoutes: FastifyPluginAsyncZod<{ team: TeamService }> = async (app, { team }) => {
  app.get(
    '/admin/team',
    {
      config,
      schema: {
        tags,
        summary:
          'Every trader who shares their discipline figures: 30-day compliance, its trend, current streak and weakest rule',
        querystring: teamQuerySchema,
        response: { 200: teamSchema, ...refusals },
      },
    },
    async (request) => team.listTeam(request.query),
  );

  app.get(
    '/admin/team/:id/analytics',
    {
      config,
      schema: {
        tags,
        summary:
          "A sharing trader's analytics figures (the range parameters of GET /api/analytics) and streaks; 404 when the user does not exist or does not share",
        params: teamTraderParamsSchema,
        querystring: teamAnalyticsQuerySchema,
        response: { 200: teamTraderAnalyticsSchema, 404: errorSchema, ...refusals },
      },
    },
    async (request) => team.traderAnalytics(request.params.id, request.query),
  );
};
