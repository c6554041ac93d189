import { createContext, useContext } from 'react';
import { Committed } from '../components/Committed';

/**
 * Told once React has hydrated the prerendered Get Started (src/main.tsx): until then the machine's state must
 * stay as it was prerendered, or React would find other markup than the server's and render the page afresh.
 */
export const HydratedContext = createContext<(() => void) | null>(null);

/**
 * Sits inside the innermost Suspense boundary around the screen (src/app/ApplicationShell.tsx): React hydrates
 * boundaries one after the other, after the root, so an effect here runs only once all of them are hydrated.
 */
export function HydrationProbe() {
  const hydrated = useContext(HydratedContext);
  return hydrated ? <Committed onCommit={hydrated} /> : null;
}
