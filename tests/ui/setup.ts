import { afterAll, afterEach, beforeEach } from 'vitest';
import 'preact/debug';
import { cleanup, configure } from '@testing-library/react';

// Preact runs effects after the frame is painted (decision 202): a page that loads, decides and moves on takes a few
// frames, which a loaded CI machine can stretch past the library's default second. A wait still ends at once when
// what it waits for is there.
configure({ asyncUtilTimeout: 5_000 });

// Siblings sharing a key made React keep a stale copy of one in the page (the queue showed two rubric editors,
// and the application page kept one). The renderer only says so in the console, and Preact only with its debug
// module: so the tests load it, and any test that meets it fails.
const sharedKeys: string[] = [];
const consoleError = console.error;
beforeEach(() => {
  sharedKeys.length = 0;
  console.error = (...args: unknown[]) => {
    if (args.some((a) => typeof a === 'string' && /children with the same key/.test(a)))
      sharedKeys.push(args.map(String).join(' '));
    consoleError(...args);
  };
});

afterEach(() => {
  console.error = consoleError;
  cleanup();
  localStorage.clear();
  if (sharedKeys.length > 0)
    throw new Error(`The renderer met siblings sharing a key:\n${sharedKeys.join('\n')}`);
});

// Preact runs effects after the next frame, with a 35 ms timer beside the frame in case none comes: a file's last test
// can leave one scheduled, and its timer then fired after the file's window was gone ("cancelAnimationFrame is not
// defined"). The file waits for it while its window is still there.
afterAll(() => new Promise((resolve) => setTimeout(resolve, 100)));
