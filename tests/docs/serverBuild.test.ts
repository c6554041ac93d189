/**
 * `npm start` runs the server the way the browser tests and the scale-out tests start it (scripts/serverBuild.ts):
 * what those tests prove is what a newcomer's `npm start` runs, and the build writes the file both run.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { expect, it } from 'vitest';
import { SERVER_ARGS, SERVER_BUILD } from '../../scripts/serverBuild';

const { scripts } = JSON.parse(readFileSync(resolve(import.meta.dirname, '../../package.json'), 'utf8')) as {
  scripts: Record<string, string>;
};

it('npm start and npm run serve run the built server as the tests start it', () => {
  const command = `node ${SERVER_ARGS.join(' ')}`;
  expect(scripts.start).toBe(`npm run build && ${command}`);
  expect(scripts.serve).toBe(command);
});

it('npm run build writes the built server', () => {
  const outDir = SERVER_BUILD.slice(0, SERVER_BUILD.lastIndexOf('/'));
  expect(scripts.build).toContain(`vite build --ssr --mode server --outDir ${outDir}`);
});
