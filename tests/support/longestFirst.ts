/**
 * The order of a run's test files. Vitest starts the files that took longest in the last run first, so that no core
 * is left alone with a long file at the end; on a clean clone it has no last run and starts the largest files first,
 * and a short file that runs for minutes (the model's paths, one `it.each`) then starts near the end. These files,
 * each a minute or more of one core, start first in their project whenever Vitest has no time of its own for them.
 */
import { BaseSequencer, type TestSpecification } from 'vitest/node';

export const LONGEST_FILES = [
  'tests/e2e/model.test.ts',
  'tests/e2e/journeys.test.ts',
  'tests/e2e/journey-fixes.test.ts',
  'tests/server/pglite-lock.test.ts',
  'tests/rehearsal/quick.test.ts',
  'tests/ui/wizard.test.tsx',
];

export class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const rank = (file: TestSpecification) => {
      const index = LONGEST_FILES.findIndex((name) => file.moduleId.endsWith(`/${name}`));
      return index === -1 ? LONGEST_FILES.length : index;
    };
    const known = (file: TestSpecification) =>
      this.ctx.cache.getFileTestResults(
        `${file.project.name}:${file.moduleId.slice(this.ctx.config.root.length + 1)}`,
      );
    if (sorted.every(known)) return sorted;
    // Each project's files stay together, in the order Vitest gave the projects; only the order inside one changes.
    const byProject = new Map<string, TestSpecification[]>();
    for (const file of sorted)
      byProject.set(file.project.name, [...(byProject.get(file.project.name) ?? []), file]);
    return [...byProject.values()].flatMap((group) => group.toSorted((a, b) => rank(a) - rank(b)));
  }
}
