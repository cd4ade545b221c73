import fastifyCompress from '@fastify/compress';
import { fastifyCookie } from '@fastify/cookie';
import fastifyRateLimit from '@fastify/rate-limit';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyServerOptions } from 'fastify';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { Config } from './config.ts';
import type { AppDatabase } from './db/client.ts';
import { appInfoRoutes } from './modules/app-info/app-info.routes.ts';
import { createAuthSessionsRepository } from './modules/auth/auth-sessions.repository.ts';
import { authRoutes } from './modules/auth/auth.routes.ts';
import { createAuthService } from './modules/auth/auth.service.ts';
import { healthRoutes } from './modules/health/health.routes.ts';
import { createRulesRepository } from './modules/rules/rules.repository.ts';
import { rulesRoutes } from './modules/rules/rules.routes.ts';
import { createRulesService } from './modules/rules/rules.service.ts';
import { createUsersRepository } from './modules/users/users.repository.ts';
import { authenticatePlugin } from './plugins/authenticate.ts';
import { clientAppPlugin } from './plugins/client-app.ts';
import { errorHandlerPlugin } from './plugins/error-handler.ts';
import { gracefulClosePlugin } from './plugins/graceful-close.ts';
import { sameOriginPlugin } from './plugins/same-origin.ts';
import { securityHeadersPlugin } from './plugins/security-headers.ts';

export interface CreateAppOptions {
  database: AppDatabase;
  config: Config;
  /** The built client (dist/client); absent in development and API tests. */
  clientDir?: string;
  logger?: FastifyServerOptions['logger'];
  /** A fixed clock for tests. */
  now?: () => Date;
}

/** The only place where the parts of the server are wired together. */
export async function createApp({
  database,
  config,
  clientDir,
  logger = false,
  now,
}: CreateAppOptions) {
  const app = Fastify({
    logger,
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    // Let in-flight requests finish on close, but do not wait on idle keep-alive sockets.
    forceCloseConnections: 'idle',
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const users = createUsersRepository(database);
  const auth = createAuthService({
    users,
    sessions: createAuthSessionsRepository(database),
    isSignupOpen: config.isSignupOpen,
    ...(now ? { now } : {}),
  });
  const rules = createRulesService({ rules: createRulesRepository(database) });

  await app.register(errorHandlerPlugin);
  await app.register(gracefulClosePlugin);
  await app.register(securityHeadersPlugin);
  await app.register(fastifyCompress, { threshold: 1024 });
  await app.register(fastifyCookie);
  await app.register(fastifyRateLimit, { global: false });
  await app.register(fastifySwagger, {
    openapi: {
      info: {
        title: `${config.appName} API`,
        description: 'Trading discipline and performance tracker',
        version: '1.0.0',
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs' });

  await app.register(
    async (api) => {
      // API answers are per user and change with every write: never from a cache.
      api.addHook('onSend', async (_request, reply) => {
        if (!reply.hasHeader('cache-control')) void reply.header('cache-control', 'no-store');
      });
      await api.register(sameOriginPlugin);
      await api.register(authenticatePlugin, { auth, cookieSecure: config.cookieSecure });
      await api.register(healthRoutes, { database });
      await api.register(appInfoRoutes, {
        getInfo: async () => ({
          name: config.appName,
          company: config.appCompany,
          isSignupOpen: config.isSignupOpen || !(await users.hasAnyUser()),
        }),
      });
      await api.register(authRoutes, { auth, cookieSecure: config.cookieSecure });
      await api.register(rulesRoutes, { rules });
    },
    { prefix: '/api' },
  );

  await app.register(clientAppPlugin, { clientDir: clientDir ?? '' });
  app.addHook('onClose', async () => {
    await database.db.destroy();
  });
  return app;
}

export type App = Awaited<ReturnType<typeof createApp>>;
