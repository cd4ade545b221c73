import { existsSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyBaseLogger, FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import { matchesRoute } from '#shared/route-pattern.ts';
import {
  SCREEN_PRELOADS_FILE,
  screenPreloadsSchema,
  type ScreenPreload,
} from '#shared/screen-preloads.ts';
import { PAGE_CALLS } from '#shared/page-answers.ts';
import { LOGIN_COOKIE } from './authenticate.ts';
import { answerCalls, answersElement } from './page-answers.ts';

const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * Vite puts a content hash in every file name under the build's assets/: those never change.
 * Told apart by their path inside `clientDir`, not the whole path, which may hold a folder of
 * that name wherever the app is installed.
 */
function cacheHeaders(clientDir: string) {
  return (reply: FastifyReply, path: string) => {
    const [folder] = relative(clientDir, path).split(sep);
    void reply.header('cache-control', folder === 'assets' ? IMMUTABLE : 'no-cache');
  };
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

/** The screen whose route matches `path`, if it is one behind the login with files or calls. */
function screenAt(preloads: ScreenPreload[], path: string): ScreenPreload | undefined {
  const screen = preloads.find((candidate) => matchesRoute(candidate.path, path));
  return screen && (screen.files.length > 0 || screen.calls.length > 0) ? screen : undefined;
}

/**
 * Links to a screen's script files, for the page's head: the browser fetches them beside the
 * page's own scripts instead of after the app has run. The list's schema admits only paths like
 * /assets/name-hash.js: nothing here needs escaping.
 */
function scriptLinks(screen: ScreenPreload | undefined): string {
  return (screen?.files ?? [])
    .map((file) => `<link rel="modulepreload" crossorigin href="${file}" />`)
    .join('');
}

/**
 * Not to be remembered by any cache: a file one instance lacks may be the next one's, or this
 * one's after an upgrade, and a proxy keeping the 404 would break the pages that name it.
 */
function sendNotFound(reply: FastifyReply) {
  return reply.status(404).header('cache-control', 'no-store').send({ message: 'Not found' });
}

/**
 * Serves the built React app: files as they are (precompressed by the build), and
 * index.html for any other page path so the client router can take it. `/api/*` and paths
 * that look like files never get the HTML.
 */
export const clientAppPlugin = fp(
  async (app: FastifyInstance, { clientDir }: { clientDir: string }) => {
    const hasClient = existsSync(join(clientDir, 'index.html'));
    // The build is read once, as the server starts: its page, the routes of its files (below),
    // its screens and its scripts' hashes (the security headers) are then one build. Read on
    // each request, the page of a build copied over this one before the restart named files
    // this server had no route for.
    const built = hasClient ? readFileSync(join(clientDir, 'index.html'), 'utf8') : '';
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
      setHeaders: cacheHeaders(clientDir),
    });
    // Every page is built here, with the answers to its first calls and, for a request with a
    // login, its screen's files (docs/decisions/0040 and 0049). A route of its own, not the
    // not-found handler: the compression plugin hooks routes only. The files registered above
    // are routes too, and a route for a fixed path wins over this one. Not part of the API:
    // hidden from its description, as the files are.
    app.get('/*', { schema: { hide: true } }, async (request, reply) => {
      const path = request.url.split('?')[0] ?? '';
      const isPage = path !== '/api' && !path.startsWith('/api/') && !/\.[a-z0-9]+$/i.test(path);
      if (!isPage) return sendNotFound(reply);
      // A visitor without a login is sent to the login page, which needs no screen's files.
      const screen = request.cookies[LOGIN_COOKIE] ? screenAt(screenPreloads, path) : undefined;
      const { answers, cookies } = await answerCalls(app, request, [
        ...PAGE_CALLS,
        ...(screen?.calls ?? []),
      ]);
      // A function, not a string: a string's `$$`, `$'` and `` $` `` would be read as patterns
      // in the trader's own text (a session named 'Big $$ day').
      const page = built.replace(
        '</head>',
        () => `${answersElement(answers)}${scriptLinks(screen)}</head>`,
      );
      if (cookies.length > 0) void reply.header('set-cookie', cookies);
      // The page carries the visitor's own answers: a cache must not keep it, nor hand one
      // visitor's to another.
      return reply
        .header('cache-control', 'no-store')
        .header('vary', 'cookie')
        .type('text/html; charset=utf-8')
        .send(page);
    });
  },
);
