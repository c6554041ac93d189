/**
 * The docs name repository files in backticks (`server/config.ts`, `tests/server/steps.test.ts`); each named file
 * exists, so a reader who follows one finds it. A name without a folder must be the name of some file in the
 * repository; a folder from a top-level one (`machines/rules/`) must exist too. Patterns (`*`, `<step>`, `NNN`) and files a build or a run writes are not repository files.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';
import { expect, it } from 'vitest';

const root = resolve(import.meta.dirname, '../..');
const docsDir = join(root, 'docs');
const docs = readdirSync(docsDir, { recursive: true, encoding: 'utf8' }).filter((file) =>
  file.endsWith('.md'),
);

/** Written by a build, a run or the deployment, never committed. */
const GENERATED = /^(dist|var|node_modules|coverage|\.env)\b|^\/|(^|\/)server\.lock$/;
const FILE = /`([A-Za-z0-9_.\-/]+\.(?:tsx?|jsx?|mjs|json|md|css|html|sql|ya?ml|svg|mp4|vtt|jpg|png))`/g;
/** A folder of the repository: a path from one of its top-level folders. */
const FOLDER = /`((?:machines|server|src|tests|docs|scripts|bench|public)\/[A-Za-z0-9_\-/]*)`/g;

function repositoryFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (entry.name === 'node_modules' || entry.name === 'dist' || entry.name.startsWith('.')) return [];
    const path = join(dir, entry.name);
    return entry.isDirectory() ? repositoryFiles(path) : [path];
  });
}
const basenames = new Set(repositoryFiles(root).map((path) => basename(path)));

function missingFiles(markdown: string): string[] {
  const named = [...markdown.matchAll(FILE), ...markdown.matchAll(FOLDER)].map((match) => match[1]);
  return named.filter((path) => {
    if (GENERATED.test(path) || /NNN|<|\*/.test(path)) return false;
    if (!path.includes('/')) return !basenames.has(path);
    return !existsSync(join(root, path)) && !existsSync(join(docsDir, path));
  });
}

it.each(docs)('every file docs/%s names exists', (doc) => {
  expect(missingFiles(readFileSync(join(docsDir, doc), 'utf8'))).toEqual([]);
});

it('finds a missing file', () => {
  expect(
    missingFiles(
      'See `server/config.ts`, `server/nowhere.ts`, `nowhere.machine.ts`, `machines/` and `machines/none/`.',
    ),
  ).toEqual(['server/nowhere.ts', 'nowhere.machine.ts', 'machines/none/']);
});
