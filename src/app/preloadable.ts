import { lazy, type ComponentType } from 'react';
import { loadChunk } from './chunks';

/**
 * A lazily loaded component that can also be fetched ahead of need: the first screen of the wizard loads only what
 * it shows, and the next screens arrive while the person is still typing.
 *
 * A fetch ahead that fails is forgotten: nothing is shown, and the screen that needs the chunk asks the network
 * again (also when it was waiting for that fetch ahead). Only when its own fetch fails does the screen's error
 * boundary say that the page could not load.
 */
export function preloadable<P extends object>(load: () => Promise<ComponentType<P>>) {
  let pending: Promise<ComponentType<P>> | undefined;
  let ahead = false;
  const fetchChunk = (fetchingAhead: boolean) => {
    if (!pending) {
      ahead = fetchingAhead;
      pending = loadChunk(load).catch((error: unknown) => {
        pending = undefined;
        throw error;
      });
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
  return Object.assign(
    lazy(() => need().then((component) => ({ default: component }))),
    {
      preload: (): Promise<void> =>
        fetchChunk(true).then(
          () => undefined,
          () => undefined,
        ),
    },
  );
}
