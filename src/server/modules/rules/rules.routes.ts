import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorSchema, okSchema } from '#shared/schemas/common.ts';
import {
  reorderRulesSchema,
  ruleIdParamsSchema,
  ruleInputSchema,
  ruleResponseSchema,
  rulesResponseSchema,
} from '#shared/schemas/rules.ts';
import { requireUser } from '../../plugins/authenticate.ts';
import type { RulesService } from './rules.service.ts';

const tags = ['rules'];

export const rulesRoutes: FastifyPluginAsyncZod<{ rules: RulesService }> = async (
  app,
  { rules },
) => {
  app.get(
    '/rules',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: "The trader's rules, in their order",
        response: { 200: rulesResponseSchema, 401: errorSchema },
      },
    },
    async (request) => ({
      rules: await rules.listRules(requireUser(request).id, request.versions?.rules),
    }),
  );

  app.post(
    '/rules',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: 'Add a rule at the end of the list',
        body: ruleInputSchema,
        response: { 201: ruleResponseSchema, 400: errorSchema, 401: errorSchema, 409: errorSchema },
      },
    },
    async (request, reply) => {
      const rule = await rules.createRule(requireUser(request).id, request.body);
      return reply.status(201).send({ rule });
    },
  );

  // Declared before /rules/:id; Fastify's router prefers the static path anyway.
  app.put(
    '/rules/reorder',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: 'Store a new order: every rule of the trader, each once',
        body: reorderRulesSchema,
        // 409: the order does not name the trader's rules exactly (one missing, foreign or
        // unknown), or they are no longer in the order it was made from.
        response: {
          200: rulesResponseSchema,
          400: errorSchema,
          401: errorSchema,
          409: errorSchema,
        },
      },
    },
    async (request) => ({
      rules: await rules.reorderRules(
        requireUser(request).id,
        request.body.ruleIds,
        request.body.fromRuleIds,
      ),
    }),
  );

  app.put(
    '/rules/:id',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: 'Change a rule',
        params: ruleIdParamsSchema,
        body: ruleInputSchema,
        response: { 200: ruleResponseSchema, 400: errorSchema, 401: errorSchema, 404: errorSchema },
      },
    },
    async (request) => ({
      rule: await rules.updateRule(requireUser(request).id, request.params.id, request.body),
    }),
  );

  app.delete(
    '/rules/:id',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: 'Delete a rule; past sessions keep it in their history',
        params: ruleIdParamsSchema,
        response: { 200: okSchema, 400: errorSchema, 401: errorSchema, 404: errorSchema },
      },
    },
    async (request) => {
      await rules.deleteRule(requireUser(request).id, request.params.id);
      return { ok: true as const };
    },
  );
};
