/**
 * WORKERS=N: N server processes on one port (node:cluster), for one machine's cores. Each worker is the ordinary
 * server (main.ts); the primary only forks, supervises and answers the workers' requests for the cluster's metrics
 * (docs/decisions/024-one-process-per-pglite-directory.md).
 *
 * - Only with DATABASE_URL: PGlite is one process per data directory.
 * - Every worker runs the migrations under an advisory lock (db/migrations.ts): the first one migrates, the others
 *   find nothing left to do. Reminders are claimed row by row (reminders.ts), so N schedulers send each once.
 * - A worker that dies after it was serving is replaced. One that dies before it ever listened means the server
 *   cannot start (the database is unreachable, a migration failed): the primary stops the others and exits 1.
 * - SIGTERM or SIGINT: passed to every worker, each stops taking connections and finishes its requests; the primary
 *   exits once they all have, 0 when they all exited cleanly.
 */
import cluster, { type Worker } from 'node:cluster';
import { AggregatorRegistry } from 'prom-client';
import { ConfigError } from './config';
import { METRICS_ANSWER, METRICS_REQUEST } from './metrics';

/** One JSON line, shaped like the workers' pino lines, so that one log pipeline reads both. */
const log = (level: 'info' | 'error', msg: string, details: object = {}) => {
  const line = JSON.stringify({
    level: level === 'info' ? 30 : 50,
    time: Date.now(),
    pid: process.pid,
    ...details,
    msg,
  });
  (level === 'info' ? process.stdout : process.stderr).write(`${line}\n`);
};

/** Waits before replacing a worker that died, so a crash loop cannot eat the machine. */
const RESTART_DELAY_MS = 1000;

/**
 * In the primary of WORKERS=N (N > 1): forks the workers and returns true, and main.ts does nothing more here.
 * In a worker, or with one process: returns false, and main.ts runs the server.
 */
export function startCluster(env: { databaseUrl: string; workers: number }): boolean {
  if (cluster.isWorker) return false;
  const count = env.workers;
  if (count === 1) return false;
  if (!env.databaseUrl) {
    throw new ConfigError(
      `WORKERS=${count} needs DATABASE_URL: the embedded database (PGlite) allows one process per data ` +
        'directory, so several processes need a PostgreSQL database to share. Set DATABASE_URL, or leave WORKERS ' +
        'unset to run one process.',
    );
  }

  const serving = new WeakSet<Worker>();
  let stopping = false;
  let failed = false;
  const fork = () => {
    const worker = cluster.fork();
    worker.once('listening', () => serving.add(worker));
  };

  const exitWhenAllStopped = () => {
    if (Object.keys(cluster.workers ?? {}).length > 0) return;
    log('info', 'every worker has stopped');
    process.exit(failed ? 1 : 0);
  };
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    log('info', 'stopping the workers', { signal });
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill('SIGTERM');
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));

  cluster.on('exit', (worker, code, signal) => {
    if (stopping) {
      // Killed by our own SIGTERM before it had set up its handlers (still starting) is a clean stop too.
      if (code !== 0 && signal !== 'SIGTERM') failed = true;
      exitWhenAllStopped();
      return;
    }
    if (!serving.has(worker)) {
      log('error', 'a worker stopped before it could serve; stopping the server', {
        worker: worker.process.pid,
        code,
      });
      failed = true;
      stop('SIGTERM');
      exitWhenAllStopped();
      return;
    }
    log('error', 'a worker stopped; starting another', { worker: worker.process.pid, code, signal });
    setTimeout(() => !stopping && fork(), RESTART_DELAY_MS);
  });

  // A worker asks for the metrics of all of them (metrics.ts): gathered here, answered to that worker.
  const aggregator = new AggregatorRegistry();
  cluster.on('message', (worker, message: { type?: unknown; id?: unknown }) => {
    if (message?.type !== METRICS_REQUEST) return;
    aggregator.clusterMetrics().then(
      (text) =>
        worker.send({ type: METRICS_ANSWER, id: message.id, text, contentType: aggregator.contentType }),
      (error: Error) => worker.send({ type: METRICS_ANSWER, id: message.id, error: error.message }),
    );
  });

  log('info', `starting ${count} workers`, { workers: count });
  for (let i = 0; i < count; i++) fork();
  return true;
}
