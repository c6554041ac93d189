/**
 * docs/api.md's configuration table is the schema's list (server/config.ts `ENV_VARIABLES`): the same variables,
 * in the same order, with the same defaults and accepted values. An integrator reads the table, the server obeys
 * the schema; they cannot drift apart.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { expect, it } from 'vitest';
import { ENV_VARIABLES } from '../../server/config';

const api = readFileSync(resolve(import.meta.dirname, '../../docs/api.md'), 'utf8');

/** The rows of the first table under "## Configuration": [variable, default, accepts]. */
function configurationRows(): string[][] {
  const section = api.slice(api.indexOf('\n## Configuration\n'));
  const lines = section.split('\n');
  const first = lines.findIndex((line) => line.startsWith('|'));
  const table = lines.slice(
    first,
    lines.findIndex((line, i) => i > first && !line.startsWith('|')),
  );
  return table.slice(2).map((line) =>
    line
      .split('|')
      .slice(1, 4)
      .map((cell) => cell.trim().replaceAll('`', '')),
  );
}

it('docs/api.md lists every configuration variable of the schema, with its default and what it accepts', () => {
  const expected = Object.entries(ENV_VARIABLES).map(([name, variable]) => [
    name,
    variable.default,
    variable.accepts,
  ]);
  expect(configurationRows()).toEqual(expected);
});
