/**
 * `npm run retention [-- --dry-run]`: one retention run now (server/privacy/retention.ts), on the database and CV
 * storage the server uses (DATA_DIR or DATABASE_URL, S3_* or DATA_DIR/uploads). With --dry-run it prints what would
 * go, per kind, and changes nothing. The server runs the same by itself; this is for operators.
 */
import { join } from 'node:path';
import { ConfigError, readEnv } from '../server/config';
import { openPglite, postgresDb, type Db } from '../server/db/index';
import { DataDirLocked, lockDataDir } from '../server/db/lock';
import { migrate } from '../server/db/migrations';
import { erasureKey } from '../server/privacy/key';
import { RETENTION_KINDS, runRetention } from '../server/privacy/retention';
import { localStorage } from '../server/storage/index';
import { s3Storage } from '../server/storage/s3';

async function main(): Promise<void> {
  const dryRun = process.argv.includes('--dry-run');
  const env = readEnv();
  let db: Db;
  let unlock = async () => {};
  if (env.databaseUrl) {
    db = postgresDb(env.databaseUrl);
  } else {
    // PGlite has one user at a time: stop the server first (or let it run retention itself).
    const lock = await lockDataDir(env.dataDir, {
      onLost: () => process.exit(1),
      onRetaken: () => undefined,
    });
    unlock = () => lock.unlock();
    db = await openPglite(join(env.dataDir, 'pgdata'));
  }
  try {
    await migrate(db);
    const s3 = env.s3;
    const storage = s3 ? s3Storage(s3) : await localStorage(join(env.dataDir, 'uploads'));
    const counts = await runRetention(
      {
        db,
        storage,
        settings: env.retention,
        erasureKey: await erasureKey(db, env.privacy.erasureKey),
        now: env.now,
      },
      { dryRun },
    );
    if (!counts) {
      console.log('Another process is running retention now; nothing done.');
      return;
    }
    console.log(dryRun ? 'Retention, dry run: what would go (nothing changed)' : 'Retention: what went');
    for (const kind of RETENTION_KINDS) console.log(`  ${kind}: ${counts[kind]}`);
  } finally {
    await db.close();
    await unlock();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError || error instanceof DataDirLocked ? error.message : error);
  process.exit(1);
});
