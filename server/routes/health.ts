/**
 * What a load balancer or an orchestrator asks: /healthz (liveness: the process answers) and /readyz (readiness:
 * the database answers, every migration has run, the CV directory takes a file, or the CV bucket answers). /readyz is 200 or 503 with the
 * checks, and never waits longer than CHECK_MS on one of them.
 */
import type { FastifyInstance } from 'fastify';
import type { Context } from '../context';
import { MIGRATIONS, migrationsRun } from '../db/migrations';

const CHECK_MS = 3000;

type Check = 'ok' | 'unreachable' | 'pending' | 'not writable';

const withinTime = <T>(work: Promise<T>): Promise<T> =>
  Promise.race([
    work,
    new Promise<never>((_, reject) => setTimeout(() => reject(new Error('timed out')), CHECK_MS).unref()),
  ]);

export async function healthRoutes(app: FastifyInstance, ctx: Context): Promise<void> {
  const latest = MIGRATIONS.map((m) => m.id);

  const database = async (): Promise<{ database: Check; migrations: Check }> => {
    try {
      const ran = await withinTime(migrationsRun(ctx.db, latest));
      return { database: 'ok', migrations: ran === latest.length ? 'ok' : 'pending' };
    } catch (error) {
      // 42P01: no migrations table yet, so the database answers but nothing has run.
      const missing = (error as { code?: unknown }).code === '42P01';
      return { database: missing ? 'ok' : 'unreachable', migrations: 'pending' };
    }
  };

  // Local disk: a probe file is written and removed; a bucket: it answers for us (server/storage/index.ts).
  const storage = async (): Promise<Check> => {
    try {
      await withinTime(ctx.storage.check());
      return 'ok';
    } catch {
      return ctx.storage.kind === 'local' ? 'not writable' : 'unreachable';
    }
  };

  app.get('/healthz', { schema: { hide: true } }, async () => ({ status: 'ok' }));

  app.get('/readyz', { schema: { hide: true } }, async (_request, reply) => {
    const [db, cvs] = await Promise.all([database(), storage()]);
    const checks = { ...db, storage: cvs };
    const ready = Object.values(checks).every((check) => check === 'ok');
    return reply
      .code(ready ? 200 : 503)
      .header('cache-control', 'no-store')
      .send({ status: ready ? 'ready' : 'not ready', checks });
  });
}
