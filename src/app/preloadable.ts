import { lazy, type ComponentType } from 'react';

/**
 * A lazily loaded component that can also be fetched ahead of need: the first screen of the wizard loads only what
 * it shows, and the next screens arrive while the person is still typing.
 */
export function preloadable<P extends object>(load: () => Promise<ComponentType<P>>) {
  let pending: Promise<ComponentType<P>> | undefined;
  const preload = () => (pending ??= load());
  return Object.assign(
    lazy(() => preload().then((component) => ({ default: component }))),
    { preload },
  );
}
