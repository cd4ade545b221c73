import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

declare module 'fastify' {
  interface FastifyInstance {
    /** Resolves once no route handler is running: close the database only after it. */
    handlersFinished(): Promise<void>;
  }
}

/**
 * Closing without cutting work in half:
 * - answers to requests already in flight say `Connection: close`, so their keep-alive
 *   sockets end with them and `close()` does not wait for the clients' idle timeout (Fastify
 *   does this only for requests arriving after close);
 * - handlers are counted, because Fastify stops waiting for a request whose client hung up,
 *   while its handler may still be hashing a password or writing: the database must stay open
 *   until it is done, or an acknowledged-looking write is lost.
 */
export const gracefulClosePlugin = fp(async (app: FastifyInstance) => {
  let isClosing = false;
  let running = 0;
  const waiting: Array<() => void> = [];

  app.addHook('preClose', async () => {
    isClosing = true;
  });
  app.addHook('onSend', async (_request, reply) => {
    if (isClosing) void reply.header('connection', 'close');
  });
  app.addHook('onRoute', (route) => {
    const handler = route.handler;
    // Only a handler that returns a promise is counted; one that answers through `reply` in a
    // callback (the API docs' file routes) is left exactly as it is.
    route.handler = function countedHandler(this: FastifyInstance, ...args) {
      const result: unknown = handler.apply(this, args);
      if (!(result instanceof Promise)) return result;
      running += 1;
      return result.finally(() => {
        running -= 1;
        if (running === 0) for (const resolve of waiting.splice(0)) resolve();
      });
    };
  });
  app.decorate('handlersFinished', () =>
    running === 0 ? Promise.resolve() : new Promise<void>((resolve) => waiting.push(resolve)),
  );
});
