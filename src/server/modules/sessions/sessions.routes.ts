import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorSchema, okSchema } from '#shared/schemas/common.ts';
import {
  bulkDeleteSessionsResponseSchema,
  bulkDeleteSessionsSchema,
  createSessionSchema,
  sessionIdParamsSchema,
  sessionResponseSchema,
  sessionsPageSchema,
  sessionsQuerySchema,
  updateSessionSchema,
} from '#shared/schemas/sessions.ts';
import { requireUser } from '../../plugins/authenticate.ts';
import { hideMoneyFrom } from './money-privacy.ts';
import { SCREENSHOT_TOO_LARGE } from './sessions.errors.ts';
import type { SessionsService } from './sessions.service.ts';

const tags = ['sessions'];

/**
 * The routes that take a screenshot accept a body large enough for a 10 MB image as a data URL
 * (base64 adds a third) and the session's other fields; most routes keep the 1 MB limit.
 */
const SCREENSHOT_BODY_LIMIT = 14 * 1024 * 1024 + 256 * 1024;
const screenshotRoute = {
  bodyLimit: SCREENSHOT_BODY_LIMIT,
  config: { access: 'user' as const, tooLargeMessage: SCREENSHOT_TOO_LARGE },
};

export const sessionsRoutes: FastifyPluginAsyncZod<{ sessions: SessionsService }> = async (
  app,
  { sessions },
) => {
  app.get(
    '/sessions',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: "A page of the trader's sessions, newest first (by date, then id)",
        querystring: sessionsQuerySchema,
        response: { 200: sessionsPageSchema, 400: errorSchema, 401: errorSchema },
      },
    },
    async (request) => {
      const user = requireUser(request);
      const page = await sessions.listSessions(user.id, request.query, request.versions?.sessions);
      return { ...page, sessions: page.sessions.map((session) => hideMoneyFrom(user, session)) };
    },
  );

  app.get(
    '/sessions/:id',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: 'A session with its checklist',
        params: sessionIdParamsSchema,
        response: {
          200: sessionResponseSchema,
          400: errorSchema,
          401: errorSchema,
          404: errorSchema,
        },
      },
    },
    async (request) => {
      const user = requireUser(request);
      return {
        session: hideMoneyFrom(
          user,
          await sessions.getSession(user.id, request.params.id, request.versions?.sessions),
        ),
      };
    },
  );

  app.post(
    '/sessions',
    {
      ...screenshotRoute,
      schema: {
        tags,
        summary:
          'Record a session; the server computes its rating. A uid the trader has already ' +
          'used (a try whose answer was lost) writes that session again: 200, not a second ' +
          'one; 409 when it has been edited since',
        body: createSessionSchema,
        response: {
          200: sessionResponseSchema,
          201: sessionResponseSchema,
          400: errorSchema,
          401: errorSchema,
          409: errorSchema,
          413: errorSchema,
        },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      const { session, created } = await sessions.createSession(user.id, request.body);
      return reply.status(created ? 201 : 200).send({ session: hideMoneyFrom(user, session) });
    },
  );

  // Declared before /sessions/:id's siblings; a static path wins in Fastify's router anyway.
  app.post(
    '/sessions/bulk-delete',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: "Delete several of the trader's sessions in one transaction",
        body: bulkDeleteSessionsSchema,
        response: { 200: bulkDeleteSessionsResponseSchema, 400: errorSchema, 401: errorSchema },
      },
    },
    async (request) => ({
      deleted: await sessions.deleteSessions(requireUser(request).id, request.body.ids),
    }),
  );

  app.put(
    '/sessions/:id',
    {
      ...screenshotRoute,
      schema: {
        tags,
        summary:
          'Change a session: fields, followed flags, screenshot kept, replaced or removed; ' +
          '409 when the version it names has been written since',
        params: sessionIdParamsSchema,
        body: updateSessionSchema,
        response: {
          200: sessionResponseSchema,
          400: errorSchema,
          401: errorSchema,
          404: errorSchema,
          409: errorSchema,
          413: errorSchema,
        },
      },
    },
    async (request) => {
      const user = requireUser(request);
      const session = await sessions.updateSession(user.id, request.params.id, request.body);
      return { session: hideMoneyFrom(user, session) };
    },
  );

  app.delete(
    '/sessions/:id',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: 'Delete a session and its screenshot',
        params: sessionIdParamsSchema,
        response: { 200: okSchema, 400: errorSchema, 401: errorSchema, 404: errorSchema },
      },
    },
    async (request) => {
      await sessions.deleteSession(requireUser(request).id, request.params.id);
      return { ok: true as const };
    },
  );
};
