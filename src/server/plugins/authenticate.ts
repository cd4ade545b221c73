import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { User } from '#shared/schemas/auth.ts';
import { notAuthenticated } from '../errors.ts';
import type { TraderVersions } from '../modules/analytics/kept-answers.ts';
import type { AuthService, IssuedLogin } from '../modules/auth/auth.service.ts';

/** The cookie keeps its first name: renaming it would log every trader out. */
export const LOGIN_COOKIE = 'rk_session';

declare module 'fastify' {
  interface FastifyRequest {
    /** The logged-in user as the API shows it (never the password hash), or null. */
    user: User | null;
    /** The cookie token of the current login, for logout. */
    loginToken: string | null;
    /**
     * The versions of the logged-in user's data, read with the login: what answers kept from
     * it are checked against (`kept-answers.ts`). Null without a login.
     */
    versions: TraderVersions | null;
  }
}

export interface AuthenticateOptions {
  auth: AuthService;
  cookieSecure: 'auto' | boolean;
}

export function setLoginCookie(
  request: FastifyRequest,
  reply: FastifyReply,
  login: IssuedLogin,
  cookieSecure: 'auto' | boolean,
) {
  reply.setCookie(LOGIN_COOKIE, login.token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: cookieSecure === 'auto' ? request.protocol === 'https' : cookieSecure,
    // "Remember me": the cookie lives to the login's absolute end. Without it no expiry is
    // sent, so the browser drops the cookie when it closes.
    ...(login.isPersistent ? { expires: login.expiresAt } : {}),
  });
}

export function clearLoginCookie(reply: FastifyReply) {
  reply.clearCookie(LOGIN_COOKIE, { path: '/' });
}

/** Resolves the login cookie of every request into `request.user`. */
export const authenticatePlugin = fp(
  async (app: FastifyInstance, options: AuthenticateOptions) => {
    app.decorateRequest('user', null);
    app.decorateRequest('loginToken', null);
    app.decorateRequest('versions', null);

    app.addHook('onRequest', async (request, reply) => {
      const token = request.cookies[LOGIN_COOKIE];
      if (!token) return;
      const loggedIn = await options.auth.validateLoginToken(token);
      if (!loggedIn) {
        clearLoginCookie(reply);
        return;
      }
      request.user = loggedIn.user;
      request.loginToken = token;
      request.versions = loggedIn.versions;
    });
  },
  { name: 'authenticate' },
);

/**
 * The logged-in user; 401 for anyone else. The route's declared access has already refused
 * anonymous requests; this gives the handler its user, typed.
 */
export function requireUser(request: FastifyRequest): User {
  if (!request.user) throw notAuthenticated();
  return request.user;
}

/** The logged-in user and the cookie token of this request's login; 401 for anyone else. */
export function requireLogin(request: FastifyRequest): { user: User; token: string } {
  const user = requireUser(request);
  if (!request.loginToken) throw notAuthenticated();
  return { user, token: request.loginToken };
}
