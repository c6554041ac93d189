import { describe, expect, it } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import { useSyncExternalStoreWithSelector } from '../../../src/preact/useSyncExternalStoreWithSelector';

/** A store of two numbers, as an actor's snapshots are: a new object on every change. */
function createStore() {
  let state = { count: 0, other: 0 };
  const listeners = new Set<() => void>();
  return {
    getSnapshot: () => state,
    subscribe: (listener: () => void) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    set(next: Partial<typeof state>) {
      state = { ...state, ...next };
      listeners.forEach((listener) => listener());
    },
  };
}

const selectCount = (s: { count: number }) => ({ count: s.count });
const sameCount = (a: { count: number }, b: { count: number }) => a.count === b.count;

describe('useSyncExternalStoreWithSelector', () => {
  it('renders again for a new selection, never for a snapshot whose selection is the same', async () => {
    const store = createStore();
    let renders = 0;
    function Count() {
      renders++;
      const { count } = useSyncExternalStoreWithSelector(
        store.subscribe,
        store.getSnapshot,
        undefined,
        selectCount,
        sameCount,
      );
      return <p>count {count}</p>;
    }
    render(<Count />);
    expect(screen.getByText('count 0')).toBeTruthy();
    const first = renders;

    await act(() => store.set({ other: 1 }));
    await act(() => store.set({ other: 2 }));
    expect(renders).toBe(first);

    await act(() => store.set({ count: 5 }));
    expect(screen.getByText('count 5')).toBeTruthy();
    expect(renders).toBe(first + 1);
  });

  it('without isEqual, a new selection object is a change', async () => {
    const store = createStore();
    const seen: { count: number }[] = [];
    function Count() {
      seen.push(useSyncExternalStoreWithSelector(store.subscribe, store.getSnapshot, undefined, selectCount));
      return null;
    }
    render(<Count />);
    await act(() => store.set({ other: 1 }));
    expect(seen.length).toBeGreaterThan(1);
    expect(seen.at(-1)).toEqual({ count: 0 });
  });
});
