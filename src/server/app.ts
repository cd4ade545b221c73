import fastifyCompress from '@fastify/compress';
import { fastifyCookie } from '@fastify/cookie';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import Fastify, { LogController, type FastifyReply, type FastifyServerOptions } from 'fastify';
import {
  jsonSchemaTransform,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { PAGE_USER_HEADER, PAGE_USER_PARAM } from '#shared/constants.ts';
import type { Config } from './config.ts';
import type { AppDatabase } from './db/client.ts';
import { adminRoutes } from './modules/admin/admin.routes.ts';
import { createAdminService } from './modules/admin/admin.service.ts';
import { analyticsRoutes } from './modules/analytics/analytics.routes.ts';
import { createAnalyticsService } from './modules/analytics/analytics.service.ts';
import { disciplinePaysRoutes } from './modules/discipline-pays/discipline-pays.routes.ts';
import { createDisciplinePaysService } from './modules/discipline-pays/discipline-pays.service.ts';
import { appInfoRoutes } from './modules/app-info/app-info.routes.ts';
import { disciplineRoutes } from './modules/discipline/discipline.routes.ts';
import { createDisciplineService } from './modules/discipline/discipline.service.ts';
import { dataTransferRoutes } from './modules/data-transfer/data-transfer.routes.ts';
import { createExportService } from './modules/data-transfer/export.service.ts';
import {
  createImportReader,
  type ImportReaderOptions,
} from './modules/data-transfer/import-reader.ts';
import { createImportService } from './modules/data-transfer/import.service.ts';
import { createAttemptLimits } from './modules/auth/attempt-limits.ts';
import { openAttemptStore } from './modules/auth/attempt-store.ts';
import { authRoutes } from './modules/auth/auth.routes.ts';
import { createAuthService } from './modules/auth/auth.service.ts';
import { createLoginsRepository } from './modules/auth/logins.repository.ts';
import { securityRoutes } from './modules/auth/security.routes.ts';
import { createSecurityService } from './modules/auth/security.service.ts';
import { healthRoutes } from './modules/health/health.routes.ts';
import { noticesRoutes } from './modules/notices/notices.routes.ts';
import { createNoticesService } from './modules/notices/notices.service.ts';
import { rulesRoutes } from './modules/rules/rules.routes.ts';
import { createRulesService } from './modules/rules/rules.service.ts';
import { createSessionTypesRepository } from './modules/sessions/session-types.repository.ts';
import { sessionTypesRoutes } from './modules/sessions/session-types.routes.ts';
import { screenshotsRoutes } from './modules/sessions/screenshots.routes.ts';
import { sessionsRoutes } from './modules/sessions/sessions.routes.ts';
import { createSessionsService } from './modules/sessions/sessions.service.ts';
import { settingsRoutes } from './modules/settings/settings.routes.ts';
import { teamRoutes } from './modules/team/team.routes.ts';
import { createTeamService } from './modules/team/team.service.ts';
import { accountRoutes } from './modules/users/account.routes.ts';
import {
  createPasswordHasher,
  PASSWORD_COST,
  type PasswordCost,
} from './modules/users/passwords.ts';
import { createUsersService } from './modules/users/users.service.ts';
import { accessControlPlugin, type RouteAccess } from './plugins/access-control.ts';
import { authenticatePlugin } from './plugins/authenticate.ts';
import { clientAppPlugin } from './plugins/client-app.ts';
import { errorHandlerPlugin } from './plugins/error-handler.ts';
import { gracefulClosePlugin } from './plugins/graceful-close.ts';
import { readPageScriptSources } from './plugins/page-scripts.ts';
import { requestLoggingPlugin } from './plugins/request-logging.ts';
import { createResponseSerializerCompiler } from './plugins/response-serializer.ts';
import { sameOriginPlugin } from './plugins/same-origin.ts';
import { uploadDeadlinePlugin } from './plugins/upload-deadline.ts';
import { API_HEADERS, securityHeadersPlugin } from './plugins/security-headers.ts';
import type { ImageStore } from './storage/image-store.ts';

/** How long a client may take; half-sent requests must not pile up. */
export interface Timeouts {
  /** The whole request, headers and body (a 10 MB upload on a slow line fits). */
  requestMs: number;
  /** The whole request on a route of large uploads (an import: 200 MB at 3 Mbit/s fits). */
  uploadMs: number;
  /** A socket with no traffic at all; longer than Fastify's 72 s keep-alive. */
  idleMs: number;
  /** How often Node looks for requests past `requestMs`. */
  checkIntervalMs: number;
}

const DEFAULT_TIMEOUTS: Timeouts = {
  requestMs: 60_000,
  uploadMs: 600_000,
  idleMs: 75_000,
  checkIntervalMs: 5_000,
};

export interface CreateAppOptions {
  database: AppDatabase;
  config: Config;
  /** Where screenshots (and later avatars) are kept. */
  images: ImageStore;
  /** The built client (dist/client); absent in development and API tests. */
  clientDir?: string;
  /** The process that reads import files, and its limits (modules/data-transfer). */
  importReader: ImportReaderOptions;
  logger?: FastifyServerOptions['logger'];
  /** A fixed clock for tests. */
  now?: () => Date;
  timeouts?: Timeouts;
  /** Tests also check every answer against its zod schema, so the contract cannot drift. */
  isCheckingResponses?: boolean;
  /** What the attempt counters' Redis keys start with; tests give each app its own. */
  redisKeyPrefix?: string;
  /** argon2's cost; the API tests pass a cheap one (src/testing/test-app.ts). */
  passwordCost?: PasswordCost;
  /**
   * Whether closing the app closes `database` (the server's case). The API tests keep a
   * PostgreSQL database open for the next test's app (src/testing/postgres-schema.ts).
   */
  isClosingDatabase?: boolean;
}

/** `TRUST_PROXY` as Fastify takes it: a hop count becomes "trust the n nearest hops". */
function toTrustProxy(trustProxy: Config['trustProxy']): FastifyServerOptions['trustProxy'] {
  if (typeof trustProxy !== 'number') return trustProxy;
  // Fastify refuses to trust a bare number (it cannot check the peer); with a hop count the
  // operator tells us the server is reachable only through that many proxies.
  return (_address: string, hop: number) => hop < trustProxy;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every API route with the access it declares. */
    routeTable: readonly RouteAccess[];
  }
}

/** The only place where the parts of the server are wired together. */
export async function createApp({
  database,
  config,
  images,
  clientDir,
  importReader,
  logger = false,
  now,
  timeouts = DEFAULT_TIMEOUTS,
  isCheckingResponses = false,
  redisKeyPrefix = 'rulekeeper:',
  passwordCost = PASSWORD_COST,
  isClosingDatabase = true,
}: CreateAppOptions) {
  const app = Fastify({
    logger,
    // Requests are logged by plugins/request-logging.ts, cheaply.
    logController: new LogController({ disableRequestLogging: true }),
    trustProxy: toTrustProxy(config.trustProxy),
    bodyLimit: 1024 * 1024,
    // The longest a request may take, a large upload's; other routes' bodies have `requestMs`
    // (plugins/upload-deadline.ts).
    requestTimeout: Math.max(timeouts.requestMs, timeouts.uploadMs),
    connectionTimeout: timeouts.idleMs,
    http: {
      connectionsCheckingInterval: timeouts.checkIntervalMs,
      // Node enforces requestTimeout only when the headers' own limit is not longer.
      headersTimeout: Math.min(timeouts.requestMs, 60_000),
    },
    // Let in-flight requests finish on close, but do not wait on idle keep-alive sockets.
    forceCloseConnections: 'idle',
    // A path Fastify cannot decode (`/%zz`) is answered before any hook runs, so without the
    // headers the security plugin sets: it gets the API's, in the error's usual shape.
    frameworkErrors: (error, _request, reply: FastifyReply) => {
      void reply.headers(API_HEADERS);
      return reply.status(error.statusCode ?? 400).send({ message: error.message });
    },
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(createResponseSerializerCompiler({ isCheckingResponses }));

  const passwords = createPasswordHasher(passwordCost);
  const users = createUsersService({
    database,
    images,
    isSignupConfiguredOpen: config.isSignupOpen,
    passwords,
  });
  const auth = createAuthService({
    database,
    users,
    logins: createLoginsRepository(database),
    passwords,
    ...(now ? { now } : {}),
  });
  // Shared by every instance unless the database is SQLite (one instance) and no Redis is set.
  const attemptStore = await openAttemptStore({
    redisUrl: config.redisUrl,
    redisKeyPrefix,
    database,
    log: app.log,
  });
  const limits = createAttemptLimits({
    signupsPerHour: config.signupsPerHour,
    store: attemptStore,
  });
  const rules = createRulesService({ database });
  const sessions = createSessionsService({ database, images, ...(now ? { now } : {}) });
  const admin = createAdminService({ database, users });
  const reader = createImportReader({ maxHeapMb: config.importMemoryMb, ...importReader });
  // Before the server waits for its requests: an import being read is answered, not waited on.
  app.addHook('preClose', async () => {
    reader.close();
  });
  const routeTable: RouteAccess[] = [];
  app.decorate('routeTable', routeTable);

  await app.register(errorHandlerPlugin);
  await app.register(requestLoggingPlugin);
  await app.register(gracefulClosePlugin);
  await app.register(uploadDeadlinePlugin, { requestMs: timeouts.requestMs });
  await app.register(securityHeadersPlugin, { pageScripts: readPageScriptSources(clientDir) });
  await app.register(fastifyCompress, { threshold: 1024 });
  await app.register(fastifyCookie);
  await app.register(fastifySwagger, {
    openapi: {
      info: {
        title: `${config.appName} API`,
        description:
          'Trading discipline and performance tracker. A call may name the user it is made ' +
          `for in the \`${PAGE_USER_HEADER}\` header (their id), or a link in its ` +
          `\`${PAGE_USER_PARAM}\` query parameter: where the login is someone else's, a route ` +
          'that needs a login answers 401.',
        version: '1.0.0',
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs' });

  await app.register(
    async (api) => {
      // API answers are per user and change with every write: never from a cache.
      api.addHook('onRequest', async (_request, reply) => {
        void reply.header('cache-control', 'no-store');
      });
      await api.register(sameOriginPlugin);
      await api.register(authenticatePlugin, { auth, cookieSecure: config.cookieSecure });
      await api.register(accessControlPlugin, { routeTable });
      await api.register(healthRoutes, { database });
      await api.register(appInfoRoutes, {
        getInfo: async () => ({
          name: config.appName,
          company: config.appCompany,
          isSignupOpen: await users.isSignupOpen(),
        }),
      });
      await api.register(authRoutes, { auth, users, limits, cookieSecure: config.cookieSecure });
      await api.register(settingsRoutes, { users });
      await api.register(securityRoutes, {
        security: createSecurityService({ database, limits, passwords, ...(now ? { now } : {}) }),
      });
      await api.register(rulesRoutes, { rules });
      await api.register(sessionTypesRoutes, {
        sessionTypes: createSessionTypesRepository(database),
      });
      await api.register(sessionsRoutes, { sessions });
      await api.register(screenshotsRoutes, { sessions });
      await api.register(analyticsRoutes, { analytics: createAnalyticsService({ database }) });
      await api.register(disciplineRoutes, { discipline: createDisciplineService({ database }) });
      await api.register(disciplinePaysRoutes, {
        disciplinePays: createDisciplinePaysService({ database }),
      });
      await api.register(dataTransferRoutes, {
        exporter: createExportService({ database, images, ...(now ? { now } : {}) }),
        importer: createImportService({ database, images, reader }),
      });
      await api.register(accountRoutes, { users, limits });
      await api.register(adminRoutes, { admin });
      await api.register(teamRoutes, { team: createTeamService({ database }) });
      await api.register(noticesRoutes, {
        notices: createNoticesService({ database, ...(now ? { now } : {}) }),
      });
    },
    { prefix: '/api' },
  );

  await app.register(clientAppPlugin, { clientDir: clientDir ?? '' });
  const reportIdleConnectionEnded = (error: Error) =>
    app.log.warn(
      { err: error },
      'PostgreSQL ended an idle connection; the next query opens another',
    );
  database.pool?.on('error', reportIdleConnectionEnded);
  app.addHook('onClose', async () => {
    database.pool?.off('error', reportIdleConnectionEnded);
    await app.handlersFinished();
    await attemptStore.close();
    if (isClosingDatabase) await database.db.destroy();
  });
  return app;
}

export type App = Awaited<ReturnType<typeof createApp>>;
