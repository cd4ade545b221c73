import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { createErrorFactory } from '../errors.ts';

const crossSiteRequest = createErrorFactory({
  code: 'common.cross_site',
  statusCode: 403,
  message: 'Cross-site requests are not allowed',
});

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

function isCrossSite(request: FastifyRequest): boolean {
  if (request.headers['sec-fetch-site'] === 'cross-site') return true;
  const origin = request.headers.origin;
  if (!origin) return false;
  try {
    // Through URL on both sides, so a default port (":80") compares equal to none.
    return new URL(origin).host !== new URL(`${request.protocol}://${request.host}`).host;
  } catch {
    // `Origin: null` (sandboxed frames, some redirects) or garbage: not our page.
    return true;
  }
}

/**
 * Refuses state-changing requests sent by another site's page: the session cookie is
 * SameSite=Lax, and this closes what Lax leaves open (same-site subdomains, old browsers).
 */
export const sameOriginPlugin = fp(async (app: FastifyInstance) => {
  app.addHook('onRequest', async (request) => {
    if (SAFE_METHODS.has(request.method)) return;
    if (isCrossSite(request)) throw crossSiteRequest();
  });
});
