import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { PAGE_USER_HEADER, PAGE_USER_PARAM } from '#shared/constants.ts';
import { loginReplaced, notAllowed, notAuthenticated } from '../errors.ts';

/**
 * Who may call a route: anyone, a logged-in user, or an administrator. Every API route says
 * which in `config.access`; see docs/decisions/0024-route-access.md.
 */
export type Access = 'public' | 'user' | 'admin';

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
  }
}

/** One API route and the access it declares: what the access-control test walks. */
export interface RouteAccess {
  method: string;
  url: string;
  access: Access;
}

export interface AccessControlOptions {
  /** Filled with every route registered after this plugin. */
  routeTable: RouteAccess[];
}

/** The page's user as a link names it (`PAGE_USER_PARAM`); refused unless the login's id. */
function pageUserOfLink(query: unknown): unknown {
  return typeof query === 'object' && query !== null
    ? (query as Record<string, unknown>)[PAGE_USER_PARAM]
    : undefined;
}

/**
 * Checks each request against its route's declared access before the body is read, so no
 * handler can forget it: 401 without a login, 403 for a trader on an administrator's route.
 * A call that names the user its page was opened for (`PAGE_USER_HEADER`; a plain link,
 * `PAGE_USER_PARAM`) is refused with 401 when the login is someone else's, so a tab left open
 * for one trader never reads or writes as the next. A route that declares nothing stops the
 * server at start-up instead of opening by default.
 * Handlers still check what only they can (whose record it is, an administrator demoted a
 * moment ago).
 */
export const accessControlPlugin = fp(
  async (app: FastifyInstance, { routeTable }: AccessControlOptions) => {
    app.addHook('onRoute', (route) => {
      const access = route.config?.access;
      const methods = [route.method].flat();
      if (!access) {
        throw new Error(
          `${methods.join(',')} ${route.url} declares no access: add config.access ('public', 'user' or 'admin')`,
        );
      }
      for (const method of methods) routeTable.push({ method, url: route.url, access });
    });

    app.addHook('onRequest', async (request) => {
      // Unknown URLs carry no route config: they go on to the 404 answer.
      const access = request.routeOptions.config.access;
      if (access === undefined || access === 'public') return;
      if (!request.user) throw notAuthenticated();
      const pageUser = request.headers[PAGE_USER_HEADER] ?? pageUserOfLink(request.query);
      if (pageUser !== undefined && pageUser !== String(request.user.id)) throw loginReplaced();
      if (access === 'admin' && !request.user.isAdmin) throw notAllowed();
    });
  },
  { name: 'access-control', dependencies: ['authenticate'] },
);
