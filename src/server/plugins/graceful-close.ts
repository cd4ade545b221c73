import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * While the server closes, answers to requests that were already in flight say
 * `Connection: close`, so their keep-alive sockets end with them and `close()` does not wait
 * for the clients' idle timeout. (Fastify does this only for requests arriving after close.)
 */
export const gracefulClosePlugin = fp(async (app: FastifyInstance) => {
  let isClosing = false;
  app.addHook('preClose', async () => {
    isClosing = true;
  });
  app.addHook('onSend', async (_request, reply) => {
    if (isClosing) void reply.header('connection', 'close');
  });
});
