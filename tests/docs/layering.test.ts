/**
 * The layers of docs/architecture.md are enforced by ESLint (eslint.config.js): these imports are refused, so a
 * forbidden import fails `npm run lint` rather than waiting for a review.
 */
import { ESLint } from 'eslint';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = resolve(import.meta.dirname, '../..');
const eslint = new ESLint({ cwd: root });

async function ruleIdsFor(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: resolve(root, file) });
  return result.messages.map((m) => m.ruleId ?? m.message);
}

describe('layering', () => {
  it.each([
    [
      'machines/example.ts',
      "import { ApplicationShell } from '../src/app/ApplicationShell';\nexport const x = ApplicationShell;\n",
    ],
    ['machines/example.ts', "import { buildApp } from '../server/app';\nexport const x = buildApp;\n"],
    [
      'server/example.ts',
      "import { ApplicationShell } from '../src/app/ApplicationShell';\nexport const x = ApplicationShell;\n",
    ],
    ['src/example.ts', "import { buildApp } from '../server/app';\nexport const x = buildApp;\n"],
  ])('%s may not import across layers: %s', async (file, code) => {
    expect(await ruleIdsFor(file, code)).toContain('import-x/no-restricted-paths');
  });

  it('refuses React in the model', async () => {
    expect(
      await ruleIdsFor(
        'machines/example.ts',
        "import { useState } from 'react';\nexport const x = useState;\n",
      ),
    ).toContain('no-restricted-imports');
  });

  it('allows what the layers allow: the server and the browser both use the model', async () => {
    const code = "import { MESSAGES } from '../machines/rules/messages';\nexport const x = MESSAGES;\n";
    expect(await ruleIdsFor('server/example.ts', code)).toEqual([]);
    expect(await ruleIdsFor('src/example.ts', code)).toEqual([]);
  });

  it('refuses an import cycle', async () => {
    // machines/rules/messages.ts is imported by machines/rules/schemas.ts; importing schemas back from a file that
    // messages imports would close a loop. Here: schemas imports messages, so messages importing schemas cycles.
    const ids = await ruleIdsFor(
      'machines/rules/messages.ts',
      "import { validateGroup } from './schemas';\nexport const x = validateGroup;\n",
    );
    expect(ids).toContain('import-x/no-cycle');
  });
});
