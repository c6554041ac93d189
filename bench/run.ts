/**
 * `npm run bench`: every benchmark, one after the other (never two at once: they would measure each other), each
 * rewriting its own section of docs/performance.md. One production build is made here and shared by the page
 * weight and responsiveness benchmarks (the landing benchmark makes its own). SKIP=landing,api leaves some out.
 * `npm run bench -- --quick` (or BENCH_QUICK=1): each benchmark in a short form (one run, a few seconds of load,
 * 10 000 seeded rows) to check that it works; its figures are printed and docs/performance.md is left as it was.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { privateBuild } from './support/build';
import { loadAverage, loadLabel } from './support/load';
import { performanceDoc, quick, root } from './support/report';

const benchmarks = ['landing', 'weight', 'responsiveness', 'api', 'staff', 'schemas'];
const skip = new Set((process.env.SKIP ?? '').split(',').filter(Boolean));
const chosen = benchmarks.filter((name) => !skip.has(name));

const build = chosen.some((name) => name === 'weight' || name === 'responsiveness')
  ? privateBuild()
  : undefined;
// A quick run checks that the benchmarks work; its short figures must not replace the measured ones.
const docBefore = quick ? readFileSync(performanceDoc, 'utf8') : undefined;
const failed: string[] = [];
const took: string[] = [];
const quickEnv: Record<string, string> = quick ? { BENCH_QUICK: '1', RUNS: process.env.RUNS ?? '1' } : {};
try {
  for (const name of chosen) {
    console.log(`\n== bench/${name} (load average ${loadLabel(loadAverage())})`);
    const started = Date.now();
    const run = spawnSync(process.execPath, ['--import', 'tsx', `bench/${name}/run.ts`], {
      cwd: root,
      stdio: 'inherit',
      env: { ...process.env, ...quickEnv, ...(build ? { CLIENT_DIR: build.clientDir } : {}) },
    });
    took.push(`${name} ${Math.round((Date.now() - started) / 1000)} s`);
    if (run.status !== 0) failed.push(name);
  }
  console.log(`\ntime per benchmark: ${took.join(', ')}`);
} finally {
  build?.remove();
  if (docBefore !== undefined) writeFileSync(performanceDoc, docBefore);
}
if (failed.length) {
  console.error(`failed: ${failed.join(', ')}`);
  process.exitCode = 1;
} else {
  console.log('\ndocs/performance.md is up to date');
}
