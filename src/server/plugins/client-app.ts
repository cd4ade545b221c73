import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';

const IMMUTABLE = 'public, max-age=31536000, immutable';

function setCacheHeaders(reply: FastifyReply, path: string) {
  // Vite puts a content hash in every file name under assets/: those never change.
  void reply.header('cache-control', path.includes('/assets/') ? IMMUTABLE : 'no-cache');
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
    if (!hasClient) {
      app.log.warn(`No built client in ${clientDir}: serving the API only (run "npm run build").`);
    } else {
      await app.register(fastifyStatic, {
        root: clientDir,
        wildcard: false,
        index: false,
        preCompressed: true,
        cacheControl: false,
        setHeaders: setCacheHeaders,
      });
    }

    app.setNotFoundHandler(async (request, reply) => {
      const path = request.url.split('?')[0] ?? '';
      const isPage =
        (request.method === 'GET' || request.method === 'HEAD') &&
        !path.startsWith('/api/') &&
        path !== '/api' &&
        !/\.[a-z0-9]+$/i.test(path);
      if (!hasClient || !isPage) return sendNotFound(reply);
      return reply.sendFile('index.html');
    });
  },
);
