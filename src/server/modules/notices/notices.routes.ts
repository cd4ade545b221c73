import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorSchema } from '#shared/schemas/common.ts';
import {
  noticeIdParamsSchema,
  noticeResponseSchema,
  noticesResponseSchema,
} from '#shared/schemas/notices.ts';
import { requireUser } from '../../plugins/authenticate.ts';
import type { NoticesService } from './notices.service.ts';

const tags = ['notices'];

export const noticesRoutes: FastifyPluginAsyncZod<{ notices: NoticesService }> = async (
  app,
  { notices },
) => {
  app.get(
    '/notices',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary:
          "The trader's latest notices (weekly reports, low-compliance alerts), newest first, and how many are unread",
        response: { 200: noticesResponseSchema, 401: errorSchema },
      },
    },
    async (request) => notices.list(requireUser(request).id),
  );

  app.post(
    '/notices/:id/read',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: 'Mark one of your notices read (dismiss it)',
        params: noticeIdParamsSchema,
        response: {
          200: noticeResponseSchema,
          400: errorSchema,
          401: errorSchema,
          404: errorSchema,
        },
      },
    },
    async (request) => ({
      notice: await notices.markRead(requireUser(request).id, request.params.id),
    }),
  );
};
