/**
 * `npm run bench`: every benchmark, one after the other (never two at once: they would measure each other), each
 * rewriting its own section of docs/performance.md. One production build is made here and shared by the page
 * weight and responsiveness benchmarks (the landing benchmark makes its own). SKIP=landing,api leaves some out.
 */
import { spawnSync } from 'node:child_process';
import { privateBuild } from './support/build';
import { loadAverage, root } from './support/report';

const benchmarks = ['landing', 'weight', 'responsiveness', 'api', 'staff'];
const skip = new Set((process.env.SKIP ?? '').split(',').filter(Boolean));
const chosen = benchmarks.filter((name) => !skip.has(name));

const build = chosen.some((name) => name === 'weight' || name === 'responsiveness')
  ? privateBuild()
  : undefined;
const failed: string[] = [];
try {
  for (const name of chosen) {
    console.log(`\n== bench/${name} (load average ${loadAverage()})`);
    const run = spawnSync(process.execPath, ['--import', 'tsx', `bench/${name}/run.ts`], {
      cwd: root,
      stdio: 'inherit',
      env: { ...process.env, ...(build ? { CLIENT_DIR: build.clientDir } : {}) },
    });
    if (run.status !== 0) failed.push(name);
  }
} finally {
  build?.remove();
}
if (failed.length) {
  console.error(`failed: ${failed.join(', ')}`);
  process.exitCode = 1;
} else {
  console.log('\ndocs/performance.md is up to date');
}
