import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { LandingPage } from './LandingPage';

const root = document.getElementById('root')!;

if (root.hasChildNodes()) {
  // The build prerendered the page. Hydrating inside a transition lets React yield to the browser between
  // chunks, so hydration does not block the main thread in one long task (TBT on a slow phone).
  startTransition(() => {
    hydrateRoot(root, <LandingPage />);
  });
} else {
  // `vite` dev server: nothing prerendered.
  createRoot(root).render(<LandingPage />);
}
