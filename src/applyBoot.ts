import { earlyInputFailed } from './app/earlyInput';
import './styles/app.css';

/*
 * `/apply` (apply.html): Get Started is prerendered, its CSS inlined, so the email field shows and takes typing
 * before any script. The app (React, the machine) is fetched once the page has loaded, so that on a slow connection
 * it does not compete with the first paint, and hydrates the form keeping what was typed and a press of Get
 * Started, both held meanwhile by the lines the page starts with (src/app/earlyInput.ts, src/main.tsx).
 */

const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0));

// React, then the machine, then the app: each evaluated in a task of its own, so that on a slow phone the page
// answers a tap between them instead of freezing through one long task.
const start = async () => {
  try {
    await import('react-dom/client');
    await nextTask();
    await import('../machines/application.machine');
    await nextTask();
    await import('./main');
  } catch {
    // The connection dropped after the page came: the page's lines say so and offer Retry (scripts/prerender.ts).
    earlyInputFailed();
  }
};

if (document.readyState === 'complete') void start();
else window.addEventListener('load', () => void start(), { once: true });
