import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { appInfoSchema, type AppInfo } from '#shared/schemas/auth.ts';

export const appInfoRoutes: FastifyPluginAsyncZod<{ getInfo: () => Promise<AppInfo> }> = async (
  app,
  { getInfo },
) => {
  app.get(
    '/app-info',
    {
      config: { access: 'public' },
      schema: {
        tags: ['app'],
        summary: 'Branding and whether public signup is open',
        response: { 200: appInfoSchema },
      },
    },
    async () => getInfo(),
  );
};
