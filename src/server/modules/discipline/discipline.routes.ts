import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorSchema } from '#shared/schemas/common.ts';
import {
  calendarQuerySchema,
  calendarResponseSchema,
  streaksResponseSchema,
  weakestRuleQuerySchema,
  weakestRuleResponseSchema,
} from '#shared/schemas/discipline.ts';
import { requireUser } from '../../plugins/authenticate.ts';
import type { DisciplineService } from './discipline.service.ts';

export const disciplineRoutes: FastifyPluginAsyncZod<{ discipline: DisciplineService }> = async (
  app,
  { discipline },
) => {
  app.get(
    '/discipline/streaks',
    {
      config: { access: 'user' },
      schema: {
        tags: ['discipline'],
        summary:
          'Current and longest runs of sessions at 100% and at 90% or more, and each rule’s current run',
        response: { 200: streaksResponseSchema, 401: errorSchema },
      },
    },
    async (request) => ({
      streaks: await discipline.streaks(requireUser(request).id, request.versions ?? undefined),
    }),
  );

  app.get(
    '/discipline/weakest-rule',
    {
      config: { access: 'user' },
      schema: {
        tags: ['discipline'],
        summary:
          'The rule broken in the most sessions in the 30 days ending on `today`, or null and why there is none',
        querystring: weakestRuleQuerySchema,
        response: { 200: weakestRuleResponseSchema, 400: errorSchema, 401: errorSchema },
      },
    },
    async (request) =>
      discipline.weakestRule(
        requireUser(request).id,
        request.query.today,
        request.versions ?? undefined,
      ),
  );

  app.get(
    '/discipline/calendar',
    {
      config: { access: 'user' },
      schema: {
        tags: ['discipline'],
        summary:
          'Per day with sessions in the range (at most 366 days): the sessions and the day’s compliance and band',
        querystring: calendarQuerySchema,
        response: { 200: calendarResponseSchema, 400: errorSchema, 401: errorSchema },
      },
    },
    async (request) => ({
      days: await discipline.calendar(
        requireUser(request).id,
        request.query,
        request.versions ?? undefined,
      ),
    }),
  );
};
