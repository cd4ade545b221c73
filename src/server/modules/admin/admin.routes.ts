import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  adminUserIdParamsSchema,
  adminUserResponseSchema,
  adminUsersPageSchema,
  adminUsersQuerySchema,
  createUserSchema,
  setUserRoleSchema,
} from '#shared/schemas/admin.ts';
import { errorSchema, okSchema } from '#shared/schemas/common.ts';
import { requireUser } from '../../plugins/authenticate.ts';
import type { AdminService } from './admin.service.ts';

const tags = ['admin'];
/**
 * Administrators only, checked by the access-control plugin before the body is read; the
 * service checks the role again inside each change's transaction.
 */
const config = { access: 'admin' as const };
const refusals = { 401: errorSchema, 403: errorSchema };

/** User management: administrators only, 401 without a login, 403 for a trader. */
export const adminRoutes: FastifyPluginAsyncZod<{ admin: AdminService }> = async (
  app,
  { admin },
) => {
  app.get(
    '/admin/users',
    {
      config,
      schema: {
        tags,
        summary:
          'A page of the users, newest first; with `search`, those whose username, name, email or company holds each of its words',
        querystring: adminUsersQuerySchema,
        response: { 200: adminUsersPageSchema, 400: errorSchema, ...refusals },
      },
    },
    async (request) => admin.listUsers(request.query),
  );

  app.post(
    '/admin/create-user',
    {
      config,
      schema: {
        tags,
        summary: 'Create an account, checked as a signup is; works while signup is closed',
        body: createUserSchema,
        response: { 201: adminUserResponseSchema, 400: errorSchema, 409: errorSchema, ...refusals },
      },
    },
    async (request, reply) => {
      const user = await admin.createUser(requireUser(request).id, request.body);
      return reply.status(201).send({ user });
    },
  );

  app.delete(
    '/admin/users/:id',
    {
      config,
      schema: {
        tags,
        summary:
          'Delete a user and all their data and files (not yourself, not the last administrator)',
        params: adminUserIdParamsSchema,
        response: {
          200: okSchema,
          400: errorSchema,
          404: errorSchema,
          409: errorSchema,
          ...refusals,
        },
      },
    },
    async (request) => {
      await admin.deleteUser(requireUser(request).id, request.params.id);
      return { ok: true as const };
    },
  );

  app.put(
    '/admin/users/:id/role',
    {
      config,
      schema: {
        tags,
        summary:
          'Make a user an administrator or take the rights away (not your own, not the last)',
        params: adminUserIdParamsSchema,
        body: setUserRoleSchema,
        response: {
          200: adminUserResponseSchema,
          400: errorSchema,
          404: errorSchema,
          409: errorSchema,
          ...refusals,
        },
      },
    },
    async (request) => ({
      user: await admin.setRole(requireUser(request).id, request.params.id, request.body.isAdmin),
    }),
  );
};
