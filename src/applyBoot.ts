import { earlyInputFailed } from './app/earlyInput';
import { nextTask } from './app/nextTask';

/*
 * `/apply`'s app (apply.html): Get Started is prerendered, its CSS inlined, so the email
 * field shows and takes typing before any script. The page's lines start this once the page has loaded and its
 * largest paint is shown, so that on a slow connection the app does not compete with the first paint; src/main.tsx
 * then hydrates Get Started keeping what was typed and a press made meanwhile (held by the page's lines:
 * src/app/earlyInput.ts). Every other address starts src/main.tsx itself (docs/performance.md (former decision 190)).
 */

// The app's modules, evaluated a part a task: each import() runs only the modules the earlier ones have not, so that
// on a slow phone the page answers a tap between them instead of freezing through one long task (the scripts
// themselves are already on the page: the page's lines preloaded them). Leaves first: React's renderer, the answers' field rules, the schemas, the machine's setup with the machines it starts, the machine, the
// app's screens, then the app itself with its actors. Our own modules only: an import() of a library would keep every
// one of its exports in the bundle.
const stages = [
  () => import('react-dom/client'),
  () => import('../machines/rules/fields'),
  () => import('../machines/rules/schemas'),
  () => import('../machines/application.setup'),
  () => import('../machines/application.machine'),
  () => import('./app/ApplicationRoot'),
  () => import('./main'),
];

const start = async () => {
  try {
    for (const [index, stage] of stages.entries()) {
      if (index > 0) await nextTask();
      await stage();
    }
  } catch {
    // The connection dropped after the page came: the page's lines say so and offer Retry (scripts/prerender.ts).
    earlyInputFailed();
  }
};

if (document.readyState === 'complete') void start();
else window.addEventListener('load', () => void start(), { once: true });
