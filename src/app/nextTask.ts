/**
 * The next task: `scheduler.yield()` where the browser has it (it resumes ahead of other queued work), else a timer.
 * The app starts a part a task, so that a slow phone answers a tap between them (docs/performance.md (former decision 190)).
 */
export const nextTask = (): Promise<unknown> => {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  return scheduler?.yield ? scheduler.yield() : new Promise((resolve) => setTimeout(resolve, 0));
};
