/**
 * Prometheus metrics at /metrics (prom-client): request durations by route pattern (never the raw URL, so no email
 * is ever a label), the outbox, the reminder lag and the database pool. A Bearer token guards them when
 * METRICS_TOKEN is set; in production they are off without one (docs/decisions/024-one-process-per-pglite-directory.md).
 *
 * With WORKERS=N every worker answers /metrics with the sum over all workers: it asks the primary (server/cluster.ts),
 * which gathers each worker's registry with prom-client's AggregatorRegistry.
 */
import cluster from 'node:cluster';
import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AggregatorRegistry, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { Context } from './context';
import type { Queryable } from './db/index';
import { qb, run } from './db/query';
import { SERVER_MESSAGES } from './messages';

/** Messages between a worker and the primary: a worker asks for the aggregate, the primary answers. */
export const METRICS_REQUEST = 'bootcamp:metrics-request';
export const METRICS_ANSWER = 'bootcamp:metrics-answer';
interface MetricsAnswer {
  type: typeof METRICS_ANSWER;
  id: number;
  text?: string;
  contentType?: string;
  error?: string;
}

const sha = (value: string) => createHash('sha256').update(value).digest();

const authorized = (request: FastifyRequest, token: string): boolean => {
  if (!token) return true;
  const header = request.headers.authorization ?? '';
  const match = /^Bearer\s+(.+)$/i.exec(header);
  // Digests have one length, so the comparison takes the same time whatever was sent.
  return match !== null && timingSafeEqual(sha(match[1].trim()), sha(token));
};

/** A figure the database could not give is left out of the answer (absent, not a stale or a made-up value). */
const readOrNothing = <T>(read: () => Promise<T>): Promise<{ value: T } | undefined> =>
  read().then(
    (value) => ({ value }),
    () => undefined,
  );

/** Emails in the outbox not delivered yet. */
const undeliveredEmails = async (db: Queryable): Promise<number> => {
  const [row] = await run(
    db,
    qb
      .selectFrom('outbox')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('delivered_at', 'is', null),
  );
  return Number(row.n);
};

/** The reminder date of the oldest reminder due at `now` and not sent, or null when none is. */
const oldestDueReminder = async (db: Queryable, now: Date): Promise<Date | null> => {
  const [row] = await run(
    db,
    qb
      .selectFrom('applications')
      .select((eb) => eb.fn.min('reminder_date').as('oldest'))
      .where('reminder_sent_at', 'is', null)
      .where('reminder_date', 'is not', null)
      .where('reminder_date', '<=', now),
  );
  return row.oldest ? new Date(row.oldest) : null;
};

let lastRequest = 0;

/** The primary's aggregate, asked for over the cluster's IPC channel. */
function askPrimary(timeoutMs = 5000): Promise<{ text: string; contentType: string }> {
  const id = ++lastRequest;
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      process.off('message', listen);
      reject(new Error('the primary did not answer with metrics'));
    }, timeoutMs);
    const listen = (message: unknown) => {
      const answer = message as MetricsAnswer;
      if (answer?.type !== METRICS_ANSWER || answer.id !== id) return;
      clearTimeout(timer);
      process.off('message', listen);
      if (answer.error !== undefined) reject(new Error(answer.error));
      else resolve({ text: answer.text ?? '', contentType: answer.contentType ?? '' });
    };
    process.on('message', listen);
    process.send?.({ type: METRICS_REQUEST, id });
  });
}

/** Registers the metrics hooks and /metrics. Call before the routes, so that the timing hook sees all of them. */
export function metricsRoutes(
  app: FastifyInstance,
  ctx: Context,
  options: { processMetrics?: boolean } = {},
): void {
  const settings = ctx.config.metrics;
  if (!settings.enabled) return;
  const { db } = ctx;
  const registry = new Registry();
  if (options.processMetrics) collectDefaultMetrics({ register: registry });

  const durations = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time to answer a request, by method, route pattern and status',
    labelNames: ['method', 'route', 'status_code'],
    registers: [registry],
  });
  app.addHook('onResponse', (request: FastifyRequest, reply: FastifyReply, done) => {
    durations.observe(
      {
        method: request.method,
        // The pattern (…/get-application/:email), never the URL; requests that matched no route share one label.
        route: request.routeOptions.url ?? 'unmatched',
        status_code: String(reply.statusCode),
      },
      reply.elapsedTime / 1000,
    );
    done();
  });

  // Database-wide figures: every worker reads the same value, so workers are combined by their maximum.
  new Gauge({
    name: 'bootcamp_outbox_messages',
    help: 'Emails queued in the outbox and not delivered yet (waiting for the worker, or for SMTP to come back)',
    registers: [registry],
    aggregator: 'max',
    async collect() {
      this.reset();
      const undelivered = await readOrNothing(() => undeliveredEmails(db));
      if (undelivered) this.set(undelivered.value);
    },
  });
  new Gauge({
    name: 'bootcamp_reminder_lag_seconds',
    help: 'Age of the oldest reminder email that is due and not sent yet (0 when none is late)',
    registers: [registry],
    aggregator: 'max',
    async collect() {
      this.reset();
      const now = ctx.config.now();
      const due = await readOrNothing(() => oldestDueReminder(db, now));
      if (!due) return;
      const oldest = due.value;
      this.set(oldest ? Math.max(0, (now.getTime() - oldest.getTime()) / 1000) : 0);
    },
  });
  // Per process: each worker has its own pool, so workers are summed.
  const pool = db.pool;
  if (pool) {
    const poolGauge = (name: string, help: string, read: () => number) =>
      new Gauge({
        name,
        help,
        registers: [registry],
        collect() {
          this.set(read());
        },
      });
    poolGauge(
      'bootcamp_db_pool_connections',
      'Open PostgreSQL connections in the pool',
      () => pool.totalCount,
    );
    poolGauge('bootcamp_db_pool_idle', 'Pool connections open and not in use', () => pool.idleCount);
    poolGauge('bootcamp_db_pool_waiting', 'Queries waiting for a pool connection', () => pool.waitingCount);
  }

  const inCluster = cluster.isWorker && typeof process.send === 'function';
  if (inCluster) {
    // Lets the primary's AggregatorRegistry read this worker's registry.
    new AggregatorRegistry();
    AggregatorRegistry.setRegistries([registry]);
  }

  app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
    if (!authorized(request, settings.token)) {
      return reply
        .code(401)
        .header('www-authenticate', 'Bearer')
        .send({ message: SERVER_MESSAGES.metricsToken });
    }
    reply.header('cache-control', 'no-store');
    if (inCluster) {
      const { text, contentType } = await askPrimary();
      return reply.type(contentType).send(text);
    }
    return reply.type(registry.contentType).send(await registry.metrics());
  });
}
