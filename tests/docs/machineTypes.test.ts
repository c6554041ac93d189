/**
 * Every machine says in its `setup` what its states' `meta` and tags are (decision 130): a state that writes another
 * meta or tag does not compile, and a screen asking `hasTag` for a tag the machine never has does not either. A
 * machine without meta or tags says so with `NoMeta` / `NoTags` (machines/tags.ts).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { expect, it } from 'vitest';

const machinesDir = resolve(import.meta.dirname, '../../machines');
const machineFiles = readdirSync(machinesDir).filter((file) => file.endsWith('.machine.ts'));

/** The text of `setup({ types: { … } })`, up to the types object's closing brace. */
function setupTypes(source: string): string | undefined {
  const start = /\bsetup\(\{\s*types:\s*\{/.exec(source);
  if (!start) return undefined;
  let depth = 1;
  for (let i = start.index + start[0].length; i < source.length; i++) {
    if (source[i] === '{') depth++;
    if (source[i] === '}' && --depth === 0) return source.slice(start.index + start[0].length, i);
  }
  return undefined;
}

it('finds the machines', () => {
  expect(machineFiles.length).toBeGreaterThanOrEqual(12);
});

/** The machine's source, or that of the setup module it builds on (`application.setup.ts`). */
function setupSource(file: string): string {
  const source = readFileSync(join(machinesDir, file), 'utf8');
  const setupModule = /from '\.\/([\w.]+\.setup)'/.exec(source);
  return /\bsetup\(\{/.test(source) || !setupModule
    ? source
    : readFileSync(join(machinesDir, `${setupModule[1]}.ts`), 'utf8');
}

it.each(machineFiles)('%s types its meta and its tags in setup', (file) => {
  const types = setupTypes(setupSource(file));
  expect(types, 'setup({ types: { … } })').toBeDefined();
  expect(types).toMatch(/^\s*meta: \{\} as \S/m);
  expect(types).toMatch(/^\s*tags: \{\} as \S/m);
});
