import { afterEach, beforeEach } from 'vitest';
import { cleanup, configure } from '@testing-library/react';

// jsdom has no ResizeObserver; Headless UI's combobox uses one to follow its field's width while the list is open.
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};

// jsdom lays nothing out, so a chart that follows its container (src/charts/chartFrame.tsx) would measure 0 px and
// draw nothing: its wrapper measures as a staff page's chart does at its widest, 640 px, and as tall as its style says.
const clientSize = (name: 'clientWidth' | 'clientHeight') => {
  const own = Object.getOwnPropertyDescriptor(Element.prototype, name)!;
  Object.defineProperty(HTMLElement.prototype, name, {
    configurable: true,
    get(this: HTMLElement) {
      if (!this.classList.contains('recharts-wrapper')) return own.get!.call(this) as number;
      return name === 'clientWidth' ? 640 : parseFloat(this.style.height) || 0;
    },
  });
};
clientSize('clientWidth');
clientSize('clientHeight');

// A page that loads, decides and moves on takes a few renders, which a loaded CI machine can stretch past the
// library's default second. A wait still ends at once when what it waits for is there.
configure({ asyncUtilTimeout: 5_000 });

// Siblings sharing a key made React keep a stale copy of one in the page (the queue showed two rubric editors,
// and the application page kept one). React only says so in the console: any test that meets it fails.
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
