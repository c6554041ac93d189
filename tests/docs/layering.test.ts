/**
 * The layers of docs/architecture.md are enforced by ESLint (eslint.config.js): these imports are refused, so a
 * forbidden import fails `npm run lint` rather than waiting for a review. And no file imports itself back, not even
 * through a type.
 */
import { ESLint } from 'eslint';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { importCycles, importGraph, sourceFiles } from './support/importGraph';

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
    [
      'server/staff/example.ts',
      "import { ApplicationShell } from '../../src/app/ApplicationShell';\nexport const x = ApplicationShell;\n",
    ],
  ])('%s may not import across layers: %s', async (file, code) => {
    expect(await ruleIdsFor(file, code)).toContain('no-restricted-imports');
  });

  // The applicant side of the server never builds on the staff side; the review both use is server/review/.
  it.each([
    [
      'server/example.ts',
      "import { escapeLike } from '../server/staff/queueStore';\nexport const x = escapeLike;\n",
    ],
    ['server/example.ts', "import { escapeLike } from './staff/queueStore';\nexport const x = escapeLike;\n"],
    [
      'server/routes/example.ts',
      "import type { StaffGuard } from '../staff/staffGuard';\nexport type X = StaffGuard;\n",
    ],
    [
      'server/review/example.ts',
      "import { escapeLike } from '../staff/queueStore';\nexport const x = escapeLike;\n",
    ],
  ])('%s may not import server/staff/: %s', async (file, code) => {
    expect(await ruleIdsFor(file, code)).toContain('no-restricted-imports');
  });

  // The rehearsal's report draws with the staff reports' charts and nothing else of the app (decision 249).
  it('lets the rehearsal use src/charts/ and nothing else of src/; src/charts/ uses nothing of the app', async () => {
    const charts = "import { BarFigure } from '../src/charts/BarFigure';\nexport const x = BarFigure;\n";
    expect(await ruleIdsFor('rehearsal/example.tsx', charts)).toEqual([]);
    const staff = "import { SplitReport } from '../src/staff/ReportSplit';\nexport const x = SplitReport;\n";
    expect(await ruleIdsFor('rehearsal/example.tsx', staff)).toContain('no-restricted-imports');
    expect(await ruleIdsFor('rehearsal/example.ts', staff)).toContain('no-restricted-imports');
    const app = "import { useStaff } from '../staff/StaffContext';\nexport const x = useStaff;\n";
    expect(await ruleIdsFor('src/charts/example.tsx', app)).toContain('no-restricted-imports');
  });

  it('lets the staff side, the composition root and the applicant side use server/review/', async () => {
    const review = "import { reviewStatusOf } from '../review/events';\nexport const x = reviewStatusOf;\n";
    expect(await ruleIdsFor('server/staff/example.ts', review)).toEqual([]);
    expect(await ruleIdsFor('server/routes/example.ts', review)).toEqual([]);
    expect(
      await ruleIdsFor(
        'server/example.ts',
        "import { isHeld } from './review/events';\nexport const x = isHeld;\n",
      ),
    ).toEqual([]);
    const staffRoutes = "import { staffRoutes } from './staff/routes';\nexport const x = staffRoutes;\n";
    expect(await ruleIdsFor('server/app.ts', staffRoutes)).toEqual([]);
    expect(await ruleIdsFor('server/main.ts', staffRoutes)).toEqual([]);
    expect(
      await ruleIdsFor(
        'server/staff/example.ts',
        "import { escapeLike } from './queueStore';\nexport const x = escapeLike;\n",
      ),
    ).toEqual([]);
  });

  it('refuses React in the model', async () => {
    expect(
      await ruleIdsFor(
        'machines/example.ts',
        "import { useState } from 'react';\nexport const x = useState;\n",
      ),
    ).toContain('no-restricted-imports');
  });

  it.each([
    ['machines/rules/example.ts', "import { STEPS } from '../steps';\nexport const x = STEPS;\n"],
    [
      'machines/rules/example.ts',
      "import type { StepSpec } from '../steps/spec';\nexport type X = StepSpec;\n",
    ],
    [
      'machines/rules/example.ts',
      "import type { ApplicationSetup } from '../application.setup';\nexport type X = ApplicationSetup;\n",
    ],
    [
      'machines/rules/example.ts',
      "import { applicationMachine } from '../application.machine';\nexport const x = applicationMachine;\n",
    ],
    ['machines/rules/example.ts', "import { schemas } from '../validation';\nexport const x = schemas;\n"],
    ['machines/rules/staff/example.ts', "import { STEPS } from '../../steps';\nexport const x = STEPS;\n"],
  ])('%s, in the rules at the bottom, may not import what builds on them: %s', async (file, code) => {
    expect(await ruleIdsFor(file, code)).toContain('no-restricted-imports');
  });

  it('lets the rules use one another and the review chart, and still refuses them the browser and React', async () => {
    const review = "import { reviewMeta } from '../review.machine';\nexport const x = reviewMeta;\n";
    const rule = "import { MESSAGES } from './messages';\nexport const x = MESSAGES;\n";
    expect(await ruleIdsFor('machines/rules/example.ts', review)).toEqual([]);
    expect(await ruleIdsFor('machines/rules/example.ts', rule)).toEqual([]);
    expect(
      await ruleIdsFor(
        'machines/rules/staff/example.ts',
        "import { MESSAGES } from '../messages';\nexport const x = MESSAGES;\n",
      ),
    ).toEqual([]);
    expect(
      await ruleIdsFor(
        'machines/rules/example.ts',
        "import { useState } from 'react';\nexport const x = useState;\n",
      ),
    ).toContain('no-restricted-imports');
    expect(
      await ruleIdsFor(
        'machines/rules/example.ts',
        "import { buildApp } from '../../server/app';\nexport const x = buildApp;\n",
      ),
    ).toContain('no-restricted-imports');
  });

  it('allows what the layers allow: the server and the browser both use the model', async () => {
    const code = "import { MESSAGES } from '../machines/rules/messages';\nexport const x = MESSAGES;\n";
    expect(await ruleIdsFor('server/example.ts', code)).toEqual([]);
    expect(await ruleIdsFor('src/example.ts', code)).toEqual([]);
  });

  it('has no import cycle in machines/, src/, server/, scripts/, bench/ or rehearsal/, imports of types included', () => {
    const graph = importGraph(
      sourceFiles(root, ['machines', 'src', 'server', 'scripts', 'bench', 'rehearsal']),
    );
    expect(graph.size).toBeGreaterThan(400);
    expect(importCycles(graph, root)).toEqual([]);
  });

  it('finds a cycle when there is one, also one made of imports of types only', () => {
    const dir = mkdtempSync(join(tmpdir(), 'cycle-'));
    try {
      writeFileSync(join(dir, 'a.ts'), "import { b } from './b';\nexport const a = () => b;\n");
      writeFileSync(join(dir, 'b.ts'), "import {\n  a,\n} from './a';\nexport const b = () => a;\n");
      writeFileSync(join(dir, 'c.ts'), "import type { D } from './d';\nexport type C = D;\n");
      writeFileSync(join(dir, 'd.ts'), "import { type C } from './c';\nexport type D = C;\n");
      // One way only: no cycle.
      writeFileSync(join(dir, 'e.ts'), "import type { C } from './c';\nexport type E = C;\n");
      const graph = importGraph(sourceFiles(dir, ['.']));
      expect(importCycles(graph, dir)).toEqual([
        ['a.ts', 'b.ts'],
        ['c.ts', 'd.ts'],
      ]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
