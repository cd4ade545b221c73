import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** Everything the app loads comes from itself: no font service, no CDN, no frames. */
const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  // Radix positions popovers with inline style attributes.
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  "connect-src 'self'",
  // The service worker (public/sw.js) and the install manifest, both the app's own files.
  "worker-src 'self'",
  "manifest-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

/**
 * The same headers on every answer, computed once (Helmet's defaults, with our policy), so
 * a request pays for setting them and nothing else. TLS and its HSTS header belong to the
 * proxy that terminates it.
 */
export const SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'content-security-policy': CONTENT_SECURITY_POLICY,
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
  'origin-agent-cluster': '?1',
  'referrer-policy': 'no-referrer',
  'x-content-type-options': 'nosniff',
  'x-dns-prefetch-control': 'off',
  'x-download-options': 'noopen',
  // The old spelling of `frame-ancestors 'none'`, for browsers that ignore the CSP one.
  'x-frame-options': 'DENY',
  'x-permitted-cross-domain-policies': 'none',
  'x-xss-protection': '0',
  // Nothing here uses these; a script injected by mistake could not either.
  'permissions-policy':
    'camera=(), microphone=(), geolocation=(), payment=(), usb=(), serial=(), midi=(), browsing-topics=()',
};

export const securityHeadersPlugin = fp(async (app: FastifyInstance) => {
  app.addHook('onRequest', async (_request, reply) => {
    void reply.headers(SECURITY_HEADERS);
  });
});
