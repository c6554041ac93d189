/**
 * Two tabs of the wizard share one local storage. When another tab changes the stored application (another email,
 * a saved step, a sign-out), this tab's copy is out of date: it stops writing its copy back, so nothing is mixed, and
 * the app says so and offers to reload (src/app/OtherTabDialog.tsx). Writes that only repeat what this tab holds,
 * and the progress and cohort keys, do not count.
 */
import { useSyncExternalStore } from 'react';
import type { PersistedApplication } from '../../machines/application.machine';
import { KEYS } from './persistence';

const WATCHED: ReadonlyArray<[string, keyof PersistedApplication]> = [
  [KEYS.form, 'form'],
  [KEYS.started, 'started'],
  [KEYS.existing, 'existing'],
  [KEYS.submitted, 'submitted'],
  [KEYS.submitResult, 'submitResult'],
];

let stale = false;
const listeners = new Set<() => void>();

/** Whether another tab changed the application since this tab loaded it. */
export const isStale = (): boolean => stale;

/** Starts listening; `current` reads what this tab holds now. Returns the unsubscribe. */
export function watchOtherTabs(
  current: () => PersistedApplication,
  target: Pick<Window, 'addEventListener' | 'removeEventListener'> = window,
): () => void {
  const onStorage = (event: StorageEvent) => {
    if (stale) return;
    // `key` is null when the other tab cleared the whole storage.
    const watched = event.key === null ? undefined : WATCHED.find(([key]) => key === event.key);
    if (event.key !== null && !watched) return;
    if (watched && event.newValue === JSON.stringify(current()[watched[1]])) return;
    stale = true;
    listeners.forEach((listener) => listener());
  };
  target.addEventListener('storage', onStorage);
  return () => target.removeEventListener('storage', onStorage);
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

export const useStale = (): boolean => useSyncExternalStore(subscribe, isStale, () => false);

/** For tests: forget that another tab wrote. */
export const resetStale = (): void => {
  stale = false;
};
