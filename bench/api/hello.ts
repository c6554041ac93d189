/** The baseline: a bare Fastify hello-world, no plugins and no logger, on the port the benchmark gives it. */
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.get('/', async () => ({ hello: 'world' }));
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
