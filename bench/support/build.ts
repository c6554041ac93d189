/**
 * The built client a benchmark measures. Other engineers rebuild dist/ at any moment, so a benchmark builds into a
 * folder of its own (the same steps as `npm run build`), unless CLIENT_DIR names a build already made (bench/run.ts
 * builds once and hands it to every benchmark).
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { root } from './report';

export interface Build {
  clientDir: string;
  remove: () => void;
}

export function privateBuild(): Build {
  // Inside node_modules/.cache so that the SSR bundle still resolves react from the project's node_modules.
  mkdirSync(resolve(root, 'node_modules/.cache'), { recursive: true });
  const out = mkdtempSync(resolve(root, 'node_modules/.cache/bench-build-'));
  const client = join(out, 'client');
  const ssr = join(out, 'ssr');
  const vite = 'node_modules/.bin/vite';
  const steps: string[][] = [
    [vite, 'build', '--outDir', client, '--logLevel', 'warn'],
    [vite, 'build', '--ssr', '--outDir', ssr, '--logLevel', 'warn'],
    [process.execPath, '--import', 'tsx', 'scripts/prerender.ts', client, ssr],
    [process.execPath, '--import', 'tsx', 'scripts/compress.ts', client],
  ];
  for (const [command, ...args] of steps) {
    const step = spawnSync(command, args, { cwd: root, stdio: 'inherit' });
    if (step.status !== 0) throw new Error(`${command} ${args.join(' ')} failed`);
  }
  return { clientDir: client, remove: () => rmSync(out, { recursive: true, force: true }) };
}

/** CLIENT_DIR when given (kept), otherwise a fresh private build (removed by `remove`). */
export const clientBuild = (): Build =>
  process.env.CLIENT_DIR ? { clientDir: resolve(process.env.CLIENT_DIR), remove: () => {} } : privateBuild();
