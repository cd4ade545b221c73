import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route takes a large upload (an import): its body may take `uploadMs` to arrive. */
    isLargeUpload?: boolean;
  }
}

/** What Node itself answers a request that took too long, before it closes the connection. */
const REQUEST_TIMEOUT = 'HTTP/1.1 408 Request Timeout\r\nConnection: close\r\n\r\n';

/**
 * The time a request's body has to arrive: `requestMs` on every route but those of large
 * uploads, whose limit is the server's own (`requestTimeout`, set to their longer time). One
 * limit for all cut an import of a 200 MB export off after 60 s, which needs 27 Mbit/s of
 * upload; a longer one for all would let a half-sent body hold a connection as long on every
 * route. A body still arriving when its time is up is answered as Node answers one past
 * `requestTimeout`: 408, and the connection closed.
 */
export const uploadDeadlinePlugin = fp(
  async (app: FastifyInstance, { requestMs }: { requestMs: number }) => {
    // Not async: every request passes here, most (reads) without a body.
    app.addHook('onRequest', (request, reply, done) => {
      const { raw } = request;
      const hasBody =
        raw.headers['transfer-encoding'] !== undefined ||
        Number(raw.headers['content-length'] ?? 0) > 0;
      if (!hasBody || raw.complete || request.routeOptions.config.isLargeUpload) return done();
      const timer = setTimeout(() => {
        if (raw.complete) return;
        const { socket } = raw;
        if (reply.raw.headersSent) socket.destroy();
        else socket.end(REQUEST_TIMEOUT, () => socket.destroy());
      }, requestMs);
      const stop = () => clearTimeout(timer);
      raw.once('end', stop);
      reply.raw.once('close', stop);
      done();
    });
  },
);
