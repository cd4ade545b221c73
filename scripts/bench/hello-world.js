// The ceiling for `npm run bench`: a bare Fastify hello world, no logger, no plugins. It runs
// in its own process like the real server, under plain node, so the two are measured alike and
// the gap between them is what the app's own work costs on this machine.
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.get('/', () => ({ hello: 'world' }));

process.once('SIGTERM', () => {
  app.close().then(() => process.exit(0));
});
await app.listen({ port: Number(process.env.PORT), host: process.env.HOST ?? '127.0.0.1' });
