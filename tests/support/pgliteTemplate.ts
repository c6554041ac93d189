/**
 * A migrated, empty PGlite database made once and copied for every test that needs a fresh one (docs/architecture.md,
 * "Tests"). Making a PGlite database runs initdb and every migration: seconds each time,
 * minutes over the suite. The copy is what `migrate` would have built: the tests still run `migrate`, which finds
 * nothing to do, and a changed migration makes a new template (its name is a hash of their statements).
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pgliteDb } from '../../server/db/index';
import { migrate, MIGRATIONS } from '../../server/db/migrations';

export interface PgliteTemplate {
  /** A PGlite data directory (`DATA_DIR/pgdata` of a server) to copy. */
  dir: string;
  /** The same database as a tarball, for an in-memory PGlite's `loadDataDir`. */
  tarball: string;
}

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplate: PgliteTemplate;
  }
}

const root = resolve(import.meta.dirname, '../..');

function templateName(): string {
  const hash = createHash('sha256');
  // The statements as they run: a migration may take words from elsewhere (the landing page's first words).
  hash.update(JSON.stringify(MIGRATIONS));
  hash.update(readFileSync(join(root, 'node_modules/@electric-sql/pglite/package.json')));
  return `bootcamp-pglite-${hash.digest('hex').slice(0, 16)}`;
}

/** The template for today's migrations, made if this machine has none yet. */
export async function pgliteTemplate(): Promise<PgliteTemplate> {
  const home = join(tmpdir(), templateName());
  const template = { dir: join(home, 'pgdata'), tarball: join(home, 'template.tar') };
  if (existsSync(template.tarball)) return template;
  // Made beside and renamed into place, so a run that stops halfway, or a second run at once, sees none or all.
  const making = `${home}.${process.pid}`;
  rmSync(making, { recursive: true, force: true });
  mkdirSync(making, { recursive: true });
  const instance = new PGlite(join(making, 'pgdata'));
  await migrate(pgliteDb(instance));
  const tarball = await instance.dumpDataDir('none');
  writeFileSync(join(making, 'template.tar'), Buffer.from(await tarball.arrayBuffer()));
  await instance.close();
  try {
    renameSync(making, home);
  } catch {
    rmSync(making, { recursive: true, force: true });
  }
  return template;
}

/** Vitest's global setup for the projects that open databases: one template per run, before any test file. */
export default async function setup(project: {
  provide: (key: 'pgliteTemplate', value: PgliteTemplate) => void;
}): Promise<void> {
  project.provide('pgliteTemplate', await pgliteTemplate());
}
