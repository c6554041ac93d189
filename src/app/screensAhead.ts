/**
 * The wizard's screens fetched ahead (their rows say so: machines/screens.ts), so that the next step is there when a
 * press is answered. One screen a task: each import() also adds its chunks' preload links and evaluates the screen,
 * and seven at once were one long task on a slow phone (docs/performance.md). Once a page: a chunk comes once.
 */
import { useEffect } from 'react';
import { SCREEN_TABLE } from '../../machines/screens';
import { preloadConfirmDialog } from '../wizard/StepForm';
import type { ApplicationActor } from './ApplicationProvider';
import { PREFETCH_MARK } from './chunks';
import { SCREENS } from './screens';

const AHEAD = SCREEN_TABLE.filter((row) => row.prefetch).map((row) => SCREENS[row.screen]);

/** Runs `task` when the browser is idle (a timer where requestIdleCallback is missing: Safari); returns a cancel. */
function whenIdle(task: () => void): () => void {
  if (typeof requestIdleCallback === 'function') {
    const id = requestIdleCallback(task, { timeout: 5000 });
    return () => cancelIdleCallback(id);
  }
  const id = setTimeout(task, 1000);
  return () => clearTimeout(id);
}

let tasks: (() => unknown)[] | undefined;
let first: Promise<unknown> = Promise.resolve();
let cancelNext = () => {};

const next = () => {
  const task = tasks?.shift();
  if (!task) return undefined;
  const done = task();
  cancelNext = whenIdle(next);
  return done;
};

/**
 * Starts fetching the screens ahead, the first at once and each next one when the browser is idle again. The mark
 * lets bench/weight tell the first screen's code from what is fetched ahead. Settles (never fails) once the first of
 * them, the step after Get Started, has come or failed.
 */
export function fetchScreensAhead(): Promise<unknown> {
  if (tasks) return first;
  performance.mark?.(PREFETCH_MARK);
  tasks = [...AHEAD.map((screen) => () => screen.preload?.()), () => preloadConfirmDialog()];
  first = Promise.resolve(next());
  return first;
}

/**
 * When the shell starts the screens ahead: once the browser is idle after the first paint, at the first key press or
 * tap, or when the machine is busy with a press, whichever comes first. A browser asking to save data (Save-Data)
 * waits for the person to act. (A press held before the app came starts them from src/main.tsx, before hydration.)
 */
export function useScreensAhead(actor: ApplicationActor): void {
  useEffect(() => {
    // Shown again (after another page of the app): the screens not yet fetched follow, one an idle period.
    if (tasks) {
      cancelNext = whenIdle(next);
      return () => cancelNext();
    }
    const saveData = (navigator as { connection?: { saveData?: boolean } }).connection?.saveData === true;
    const cancelIdle = saveData ? () => {} : whenIdle(fetchScreensAhead);
    // Not focusin: the shell itself moves focus to each screen's heading.
    const events = ['keydown', 'pointerdown'] as const;
    events.forEach((type) => window.addEventListener(type, fetchScreensAhead, { once: true, passive: true }));
    const busy = actor.subscribe((snapshot) => {
      if (snapshot.hasTag('busy')) fetchScreensAhead();
    });
    if (actor.getSnapshot().hasTag('busy')) fetchScreensAhead();
    return () => {
      cancelIdle();
      cancelNext();
      busy.unsubscribe();
      events.forEach((type) => window.removeEventListener(type, fetchScreensAhead));
    };
  }, [actor]);
}
