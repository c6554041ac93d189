/**
 * The files the run starts first (tests/support/longestFirst.ts) are test files that exist: a renamed one would
 * silently go back to starting last.
 */
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { LONGEST_FILES } from '../support/longestFirst';

describe('the files started first', () => {
  it.each(LONGEST_FILES)('%s is a test file', (file) => {
    expect(file).toMatch(/\.test\.tsx?$/);
    expect(existsSync(resolve(import.meta.dirname, '../..', file))).toBe(true);
  });
});
