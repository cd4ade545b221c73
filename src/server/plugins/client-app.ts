import { existsSync, readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyBaseLogger, FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import { matchesRoute } from '#shared/route-pattern.ts';
import {
  SCREEN_PRELOADS_FILE,
  screenPreloadsSchema,
  type ScreenPreload,
} from '#shared/screen-preloads.ts';
import { LOGIN_COOKIE } from './authenticate.ts';

const IMMUTABLE = 'public, max-age=31536000, immutable';

function setCacheHeaders(reply: FastifyReply, path: string) {
  // Vite puts a content hash in every file name under assets/: those never change.
  void reply.header('cache-control', path.includes('/assets/') ? IMMUTABLE : 'no-cache');
}

/** The build's list of each screen's files; none (and no hints) when it is missing or broken. */
function readScreenPreloads(clientDir: string, log: FastifyBaseLogger): ScreenPreload[] {
  const file = join(clientDir, SCREEN_PRELOADS_FILE);
  if (!existsSync(file)) return [];
  try {
    return screenPreloadsSchema.parse(JSON.parse(readFileSync(file, 'utf8')));
  } catch (error) {
    log.warn({ err: error }, `${file} is not a valid list of screen files: pages get no hints`);
    return [];
  }
}

/**
 * The page with the script files and the first calls of the screen at `path` named in its head,
 * for a request that carries a login: the browser fetches them beside the page's own scripts,
 * and the app's code finds them on their way instead of asking for them after it has started
 * (a call's answer is the app's `fetch`'s when URL, mode and credentials match, as for the login
 * check in index.html). Undefined when the path has no screen of its own: the page is then sent
 * as it was built.
 */
async function pageWithScreenFiles(
  clientDir: string,
  preloads: ScreenPreload[],
  path: string,
): Promise<string | undefined> {
  const screen = preloads.find((candidate) => matchesRoute(candidate.path, path));
  if (!screen || (screen.files.length === 0 && screen.calls.length === 0)) return undefined;
  // Read on each request, as the static files are; the list is read once, when the server starts
  // (a new build comes with a restart: the server is built with it).
  const page = await readFile(join(clientDir, 'index.html'), 'utf8');
  // The list's schema admits only paths like /assets/name-hash.js and /api/name: nothing here
  // needs escaping.
  const links = [
    ...screen.files.map((file) => `<link rel="modulepreload" crossorigin href="${file}" />`),
    ...screen.calls.map(
      (call) => `<link rel="preload" href="${call}" as="fetch" crossorigin="use-credentials" />`,
    ),
  ].join('');
  return page.replace('</head>', `${links}</head>`);
}

function sendNotFound(reply: FastifyReply) {
  return reply.status(404).send({ message: 'Not found' });
}

/**
 * Serves the built React app: files as they are (precompressed by the build), and
 * index.html for any other page path so the client router can take it. `/api/*` and paths
 * that look like files never get the HTML.
 */
export const clientAppPlugin = fp(
  async (app: FastifyInstance, { clientDir }: { clientDir: string }) => {
    const hasClient = existsSync(join(clientDir, 'index.html'));
    const screenPreloads = hasClient ? readScreenPreloads(clientDir, app.log) : [];
    app.setNotFoundHandler(async (_request, reply) => sendNotFound(reply));
    if (!hasClient) {
      app.log.warn(`No built client in ${clientDir}: serving the API only (run "npm run build").`);
      return;
    }
    await app.register(fastifyStatic, {
      root: clientDir,
      wildcard: false,
      index: false,
      preCompressed: true,
      cacheControl: false,
      setHeaders: setCacheHeaders,
    });
    // A route of its own, not the not-found handler: the compression plugin hooks routes only,
    // and the page a logged-in trader gets is built here, not precompressed by the build. The
    // files registered above are routes too, and a route for a fixed path wins over this one.
    // Not part of the API: hidden from its description, as the files are.
    app.get('/*', { schema: { hide: true } }, async (request, reply) => {
      const path = request.url.split('?')[0] ?? '';
      const isPage = path !== '/api' && !path.startsWith('/api/') && !/\.[a-z0-9]+$/i.test(path);
      if (!isPage) return sendNotFound(reply);
      // The page depends on the login cookie: a cache must not hand one visitor's to another.
      void reply.header('vary', 'cookie');
      // A visitor without a login is sent to the login page, which needs no screen's files.
      const page = request.cookies[LOGIN_COOKIE]
        ? await pageWithScreenFiles(clientDir, screenPreloads, path)
        : undefined;
      if (page === undefined) return reply.sendFile('index.html');
      return reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(page);
    });
  },
);
