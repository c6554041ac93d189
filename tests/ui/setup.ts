import { afterEach, beforeEach } from 'vitest';
import { cleanup } from '@testing-library/react';

// Siblings sharing a key make React keep a stale copy of one in the page (the queue showed two rubric editors,
// and the application page kept one): React only says so in the console, so any test that meets it fails.
const sharedKeys: string[] = [];
const consoleError = console.error;
beforeEach(() => {
  sharedKeys.length = 0;
  console.error = (...args: unknown[]) => {
    if (args.some((a) => typeof a === 'string' && a.includes('two children with the same key')))
      sharedKeys.push(args.map(String).join(' '));
    consoleError(...args);
  };
});

afterEach(() => {
  console.error = consoleError;
  cleanup();
  localStorage.clear();
  if (sharedKeys.length > 0) throw new Error(`React met siblings sharing a key:\n${sharedKeys.join('\n')}`);
});
