import { useDebugValue, useEffect, useMemo, useRef, useSyncExternalStore } from 'react';

/**
 * `useSelector` of @xstate/react, written over Preact's `useSyncExternalStore` (decision 202). The package it would
 * come from, use-sync-external-store, is CommonJS only: its `require('react')` is reached by no alias, in the
 * prerender and in the tests, and would load React itself beside Preact. The rule is the package's: the selector runs
 * again only for a new snapshot, and a selection that `isEqual` calls the same keeps the one shown, so that the
 * component does not render again.
 */
export function useSyncExternalStoreWithSelector<Snapshot, Selection>(
  subscribe: (onStoreChange: () => void) => () => void,
  getSnapshot: () => Snapshot,
  getServerSnapshot: undefined | null | (() => Snapshot),
  selector: (snapshot: Snapshot) => Selection,
  isEqual?: (a: Selection, b: Selection) => boolean,
): Selection {
  // What the component shows now, once it has been committed: a new selection equal to it is not a change.
  const shown = useRef<{ hasValue: boolean; value: Selection | undefined }>({
    hasValue: false,
    value: undefined,
  });

  const [getSelection, getServerSelection] = useMemo(() => {
    const memo: { last: { snapshot: Snapshot; selection: Selection } | null } = { last: null };
    const select = (snapshot: Snapshot): Selection => {
      if (memo.last && Object.is(memo.last.snapshot, snapshot)) return memo.last.selection;
      const next = selector(snapshot);
      const previous = memo.last
        ? memo.last.selection
        : shown.current.hasValue
          ? (shown.current.value as Selection)
          : undefined;
      const keep =
        isEqual !== undefined &&
        (memo.last !== null || shown.current.hasValue) &&
        isEqual(previous as Selection, next);
      memo.last = { snapshot, selection: keep ? (previous as Selection) : next };
      return memo.last.selection;
    };
    return [
      () => select(getSnapshot()),
      getServerSnapshot ? () => select(getServerSnapshot()) : undefined,
    ] as const;
  }, [getSnapshot, getServerSnapshot, selector, isEqual]);

  const value = useSyncExternalStore(subscribe, getSelection, getServerSelection);
  useEffect(() => {
    shown.current = { hasValue: true, value };
  }, [value]);
  useDebugValue(value);
  return value;
}
