import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { UserRow } from '../db/schema.ts';
import { notAuthenticated } from '../modules/auth/auth.errors.ts';
import type { AuthService, IssuedSession } from '../modules/auth/auth.service.ts';

export const SESSION_COOKIE = 'rk_session';

declare module 'fastify' {
  interface FastifyRequest {
    /** The logged-in user, or null. Set for every request by the authenticate plugin. */
    user: UserRow | null;
    /** The cookie token of the current session, for logout. */
    sessionToken: string | null;
  }
}

export interface AuthenticateOptions {
  auth: AuthService;
  cookieSecure: 'auto' | boolean;
}

export function setSessionCookie(
  request: FastifyRequest,
  reply: FastifyReply,
  session: IssuedSession,
  cookieSecure: 'auto' | boolean,
) {
  reply.setCookie(SESSION_COOKIE, session.token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: cookieSecure === 'auto' ? request.protocol === 'https' : cookieSecure,
    // Without "Remember me" no expiry is sent: the browser drops the cookie when it closes.
    ...(session.isPersistent ? { expires: session.expiresAt } : {}),
  });
}

export function clearSessionCookie(reply: FastifyReply) {
  reply.clearCookie(SESSION_COOKIE, { path: '/' });
}

/** Resolves the session cookie of every request into `request.user`. */
export const authenticatePlugin = fp(async (app: FastifyInstance, options: AuthenticateOptions) => {
  app.decorateRequest('user', null);
  app.decorateRequest('sessionToken', null);

  app.addHook('onRequest', async (request, reply) => {
    const token = request.cookies[SESSION_COOKIE];
    if (!token) return;
    const result = await options.auth.validateSessionToken(token);
    if (!result) {
      clearSessionCookie(reply);
      return;
    }
    request.user = result.user;
    request.sessionToken = token;
    if (result.renewed) setSessionCookie(request, reply, result.session, options.cookieSecure);
  });
});

/** The logged-in user; 401 for anyone else. Every handler of user data starts here. */
export function requireUser(request: FastifyRequest): UserRow {
  if (!request.user) throw notAuthenticated();
  return request.user;
}

/** onRequest hook for a module whose every route needs a login: 401 before the body is read. */
export async function ensureLoggedIn(request: FastifyRequest): Promise<void> {
  requireUser(request);
}
