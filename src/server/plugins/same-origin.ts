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
    const from = new URL(origin);
    const to = new URL(`${request.protocol}://${request.host}`);
    if (from.host !== to.host) return true;
    // A page of the same host over plain HTTP, writing to the HTTPS site: anyone on its network
    // can write that page. The other way round (HTTPS page, HTTP request) is a TLS proxy that
    // TRUST_PROXY does not name, so the request's scheme is not known: the same page.
    return from.protocol === 'http:' && to.protocol === 'https:';
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
