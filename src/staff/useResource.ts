/**
 * A staff page's one resource: its actor (how to load it and, if it changes, how to save a change) and what it
 * shows. The actor is made once; each render hands it the latest `load` and `save`, so they call with the
 * page's current props.
 */
import { useActorRef } from '@xstate/react';
import { provideResource } from './staffActors';
import { useResourceView } from './useResourceView';

export function useResource<T, R = never>(load: () => Promise<T>, save?: (request: R) => Promise<string>) {
  const actor = useActorRef(provideResource<T, R>(load, save));
  return { actor, view: useResourceView<T>(actor) };
}
