import { createElement, lazy, useState, type ComponentType } from 'react';
import { loadChunk } from './chunks';

/**
 * A lazily loaded component that can also be fetched ahead of need: the first screen of the wizard loads only what
 * it shows, and the next screens arrive while the person is still typing.
 *
 * A fetch ahead that fails is forgotten: nothing is shown, and the screen that needs the chunk asks the network
 * again (also when it was waiting for that fetch ahead). Only when its own fetch fails does the screen's error
 * boundary say that the page could not load.
 *
 * Once its chunk has come, the component is rendered as itself, not through `lazy`: even a resolved `import()`
 * suspends for a moment, and the screen goes behind its fallback, "Loading…", before showing it (React held it there
 * 300 ms: docs/performance.md (former decision 196)).
 */
export function preloadable<P extends object>(load: () => Promise<ComponentType<P>>) {
  let pending: Promise<ComponentType<P>> | undefined;
  let loaded: ComponentType<P> | undefined;
  let ahead = false;
  const fetchChunk = (fetchingAhead: boolean) => {
    if (!pending) {
      ahead = fetchingAhead;
      pending = loadChunk(load).then(
        (component) => (loaded = component),
        (error: unknown) => {
          pending = undefined;
          throw error;
        },
      );
    }
    return pending;
  };
  const need = () => {
    const joinsFetchAhead = pending !== undefined && ahead;
    return fetchChunk(false).catch((error: unknown) => {
      if (joinsFetchAhead) return fetchChunk(false);
      throw error;
    });
  };
  const Lazy = lazy(() => need().then((component) => ({ default: component })));
  function Preloadable(props: P) {
    // Chosen once for each mount: switching from the lazy wrapper to the component itself would remount the screen.
    const [Direct] = useState(() => loaded);
    return Direct ? createElement(Direct, props) : createElement(Lazy, props);
  }
  return Object.assign(Preloadable, {
    preload: (): Promise<void> =>
      fetchChunk(true).then(
        () => undefined,
        () => undefined,
      ),
  });
}
