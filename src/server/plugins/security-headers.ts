import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * Everything the app loads comes from itself: no font service, no CDN, no frames. The scripts a
 * page runs inline are allowed one by one, by their hash (`inlineScripts`), never as a class.
 */
function contentSecurityPolicy(inlineScripts: readonly string[]): string {
  return [
    "default-src 'self'",
    ["script-src 'self'", ...inlineScripts].join(' '),
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
}

/**
 * The headers of a page and of the files it loads (Helmet's defaults, with our policy), computed
 * once, so a request pays for setting them and nothing else. TLS and its HSTS header belong to
 * the proxy that terminates it. `inlineScripts`: the sources of the page's inline scripts
 * (src/server/plugins/page-scripts.ts).
 */
export function documentHeaders(inlineScripts: readonly string[] = []): Record<string, string> {
  return {
    'content-security-policy': contentSecurityPolicy(inlineScripts),
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
}

/** A page's headers when it runs no inline script (the API's description, a missing client). */
export const DOCUMENT_HEADERS: Readonly<Record<string, string>> = documentHeaders();

/**
 * The headers of an API answer (JSON, a picture): data, never a page. Most of the page's set
 * governs what a document does (its scripts, frames, referrers, powerful features) and is
 * inert here; each header still costs a write per answer (Node checks every name and value):
 * the twelve, with `cache-control`, cost a bare Fastify server 28% of its answers a second.
 * What stays is what a browser applies to a response that is not a page: no MIME sniffing, no
 * reading from another site (`no-cors`), no framing, and a policy that allows nothing, so an
 * answer opened as a page in a tab runs and loads nothing. `cache-control` is the API's own
 * (no-store).
 */
export const API_HEADERS: Readonly<Record<string, string>> = {
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
  'cross-origin-resource-policy': 'same-origin',
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
};

/** The API's description (`/api/docs`) is a page, with the page's headers. */
function isApiAnswer(url: string): boolean {
  return (
    (url === '/api' || url.startsWith('/api/') || url.startsWith('/api?')) &&
    !url.startsWith('/api/docs')
  );
}

/** `pageScripts`: the sources of the built page's inline scripts, allowed on every page. */
export const securityHeadersPlugin = fp(
  async (app: FastifyInstance, { pageScripts = [] }: { pageScripts?: readonly string[] }) => {
    const pageHeaders = documentHeaders(pageScripts);
    app.addHook('onRequest', async (request, reply) => {
      void reply.headers(isApiAnswer(request.url) ? API_HEADERS : pageHeaders);
    });
  },
);
