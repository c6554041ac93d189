/**
 * `npm start`: reads the environment, opens the database (PGlite under DATA_DIR, or PostgreSQL with DATABASE_URL),
 * runs the migrations, serves the built app and the API, and shuts down gracefully on SIGTERM/SIGINT.
 */
import { join } from 'node:path';
import { buildApp } from './app';
import { startCluster } from './cluster';
import { ConfigError, readEnv } from './config';
import { currentCohort } from './db/cohorts';
import { connectionErrorFields, logConnectionError, openPglite, postgresDb, type Db } from './db/index';
import { DataDirLocked, lockDataDir } from './db/lock';
import { migrate } from './db/migrations';
import { pruneCodeTries } from './codes';
import { pruneIdempotency } from './idempotency';
import { outboxMailer, smtpDelivery } from './mail/index';
import { mailWorker } from './mail/worker';
import { logOptions } from './logging';
import { reminderScheduler } from './reminders';
import { retentionWorker } from './privacy/retention';
import { erasureKey } from './privacy/key';
import { decisionMailer } from './review/decisionMail';
import { localStorage } from './storage/index';

async function main(): Promise<void> {
  const env = readEnv();
  // WORKERS=N: this process only forks and supervises N servers (cluster.ts).
  if (startCluster(env)) return;
  let unlock = async () => {};
  let db: Db;
  // Broken connections go to stderr until the app's logger exists, then to it (code and words only).
  let connectionBroke = logConnectionError;
  if (env.databaseUrl) {
    db = postgresDb(env.databaseUrl, undefined, (error) => connectionBroke(error));
  } else {
    const lock = await lockDataDir(env.dataDir, {
      // Another server took the directory while this one was paused: not one more write (decision 024).
      onLost: (message) => {
        console.error(message);
        process.exit(1);
      },
      onRetaken: (message) => console.error(message),
    });
    unlock = () => lock.unlock();
    db = await openPglite(join(env.dataDir, 'pgdata'));
  }
  await migrate(db);
  await db.transaction((tx) => currentCohort(tx, env.now()));
  await pruneIdempotency(db, env.now());
  await pruneCodeTries(db, env.now());
  // PRIVACY_HMAC_KEY, else the database's own key, made by the first process ever started on it (decision 149).
  const tombstoneKey = await erasureKey(db, env.privacy.erasureKey);
  // Every email is queued in the outbox table; the worker delivers it (server/mail/worker.ts).
  const outbox = mailWorker({
    db,
    deliver: env.smtpUrl ? smtpDelivery(env.smtpUrl, env.mailFrom) : undefined,
    domain: /@([^>\s]+)/.exec(env.mailFrom)?.[1],
    pollMs: env.mailPollMs,
    retryMs: env.mailRetryMs,
    // The worker starts after the app exists (below).
    log: {
      info: (details, message) => app.log.info(details, message),
      error: (details, message) => app.log.error(details, message),
    },
  });
  // With SMTP the worker looks right after a send; the local mailbox shows queued rows already, so no extra statement.
  const mailer = env.smtpUrl
    ? outboxMailer(db, env.now, 'smtp', () => outbox.kick())
    : outboxMailer(db, env.now, 'outbox');
  // CVs in a bucket when S3_BUCKET is set (several machines), else under DATA_DIR (server/storage/index.ts). The S3
  // client is loaded only then: it is half a second of every start that keeps CVs on disk.
  const s3 = env.s3;
  const storageDir = join(env.dataDir, 'uploads');
  const storage = s3 ? (await import('./storage/s3')).s3Storage(s3) : await localStorage(storageDir);
  const app = await buildApp({
    db,
    mailer,
    storageDir,
    storage,
    clientDir: env.clientDir,
    config: env,
    erasureKey: tombstoneKey,
    logger: logOptions(env.logLevel),
    processMetrics: true,
  });
  connectionBroke = (error) =>
    app.log.warn(connectionErrorFields(error), 'a database connection broke; the pool opens a new one');
  const reminders = reminderScheduler({
    db,
    mailer,
    config: env,
    pollMs: env.reminderPollMs,
    log: app.log,
  });
  // Decision emails leave once their undo window has passed (server/review/decisionMail.ts).
  const decisions = decisionMailer({ db, mailer, config: env, pollMs: env.reminderPollMs, log: app.log });
  // Data kept no longer than its purpose needs (docs/privacy.md): one process at a time runs it.
  const retention = retentionWorker({
    db,
    storage,
    settings: env.retention,
    erasureKey: tombstoneKey,
    now: env.now,
    pollMs: env.retentionPollMs,
    log: app.log,
  });

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'shutting down');
    // close() stops accepting connections and waits for the requests in flight.
    await app.close();
    await reminders.stop();
    await decisions.stop();
    await retention.stop();
    await outbox.stop();
    await db.close();
    await unlock();
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));

  await app.listen({ port: env.port, host: env.host });
  // Sends what fell due while the server was down, then polls.
  reminders.start();
  decisions.start();
  retention.start();
  outbox.start();
  app.log.info(
    { mail: mailer.transport, database: db.engine, storage: s3 ? 's3' : 'local' },
    `The Employment Bootcamp is running on ${env.publicUrl}` +
      (mailer.transport === 'outbox' ? ` (mailbox: ${env.publicUrl}/dev/mailbox)` : ''),
  );
}

main().catch((error: unknown) => {
  // A refusal (unsafe configuration, a data directory in use) is a sentence for the operator, not a stack.
  console.error(error instanceof ConfigError || error instanceof DataDirLocked ? error.message : error);
  process.exit(1);
});
