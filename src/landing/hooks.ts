import { useEffect, useRef, useSyncExternalStore } from 'react';

const subscribeResize = (onChange: () => void): (() => void) => {
  window.addEventListener('resize', onChange);
  return () => window.removeEventListener('resize', onChange);
};

/**
 * The viewport width, or null while prerendering and hydrating: the server cannot know it, so the markup it
 * writes leaves width-dependent choices to CSS media queries, and the client fills them in right after hydration.
 */
export const useViewportWidth = (): number | null =>
  useSyncExternalStore(
    subscribeResize,
    () => window.innerWidth,
    () => null,
  );

const subscribeNever = (): (() => void) => () => undefined;

/**
 * False while prerendering and hydrating, true once the component is live: for what the first HTML must not hold
 * (React renders again with `true` right after hydration).
 */
export const useLive = (): boolean =>
  useSyncExternalStore(
    subscribeNever,
    () => true,
    () => false,
  );

const REDUCED_MOTION = '(prefers-reduced-motion: reduce)';

const reducedMotionQuery = (): MediaQueryList | null =>
  typeof window.matchMedia === 'function' ? window.matchMedia(REDUCED_MOTION) : null;

const subscribeReducedMotion = (onChange: () => void): (() => void) => {
  const query = reducedMotionQuery();
  query?.addEventListener('change', onChange);
  return () => query?.removeEventListener('change', onChange);
};

/** True for people who asked their system for less motion; nothing moves on its own for them. */
export const usePrefersReducedMotion = (): boolean =>
  useSyncExternalStore(
    subscribeReducedMotion,
    () => reducedMotionQuery()?.matches ?? false,
    () => false,
  );

/** Calls `tick` every `ms` while `running`; the latest `tick` is used without restarting the timer. */
export function useInterval(tick: () => void, ms: number, running: boolean): void {
  const latest = useRef(tick);
  useEffect(() => {
    latest.current = tick;
  });
  useEffect(() => {
    if (!running) return undefined;
    const id = window.setInterval(() => latest.current(), ms);
    return () => window.clearInterval(id);
  }, [ms, running]);
}
