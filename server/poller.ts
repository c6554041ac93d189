/**
 * A background job run at start and again `pollMs` after each run ends: a timeout chain, not an interval, so runs
 * never overlap however slow one is. A failed run is reported and the next one is still scheduled.
 */
export interface Poller {
  start(): void;
  /** Stops scheduling and waits for a run in progress to end. */
  stop(): Promise<void>;
}

export function poller(
  run: () => Promise<unknown>,
  pollMs: number,
  failed: (error: unknown) => void,
): Poller {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> = Promise.resolve();
  let stopped = true;
  const tick = () => {
    running = run()
      .catch(failed)
      .finally(() => {
        if (!stopped) timer = setTimeout(tick, pollMs);
      });
  };
  return {
    start() {
      if (!stopped) return;
      stopped = false;
      tick();
    },
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
