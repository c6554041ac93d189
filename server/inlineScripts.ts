/**
 * The built pages start their code with a few inline lines (scripts/prerender.ts, docs/decisions/085-apply-prerendered.md).
 * The Content-Security-Policy allows those lines, and only those, by their SHA-256: read from the pages the server
 * serves, so a build and its policy cannot drift apart, and no other inline script (an injected one) runs.
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const PAGES = ['index.html', 'apply.html', 'app.html', 'staff.html'];

/** `'sha256-…'` for each inline `<script>` (one without `src`) in the pages of `clientDir`. */
export function inlineScriptHashes(clientDir: string | undefined): string[] {
  if (!clientDir) return [];
  const hashes = new Set<string>();
  for (const page of PAGES) {
    const file = join(clientDir, page);
    if (!existsSync(file)) continue;
    for (const [, source] of readFileSync(file, 'utf8').matchAll(/<script>([\s\S]*?)<\/script>/g))
      hashes.add(`'sha256-${createHash('sha256').update(source).digest('base64')}'`);
  }
  return [...hashes];
}
