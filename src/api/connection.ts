/**
 * What the browser knows of its connection. `navigator.onLine` is false only when the device has no network at all
 * (true proves nothing), so a call made while it is false cannot succeed and is better sent once the `online` event
 * says the network is back (docs/decisions/022-idempotent-replays-earn-nothing.md).
 */
export interface Connection {
  /** The device has no network now. */
  offline(): boolean;
  /** Resolves when the device has a network again (at once if it has one). */
  backOnline(): Promise<void>;
}

export const browserConnection: Connection = {
  offline: () => typeof navigator !== 'undefined' && navigator.onLine === false,
  backOnline: () =>
    browserConnection.offline()
      ? new Promise((resolve) => window.addEventListener('online', () => resolve(), { once: true }))
      : Promise.resolve(),
};

/** A connection that is always there: for the server-side render and tests that script every answer. */
export const alwaysOnline: Connection = { offline: () => false, backOnline: () => Promise.resolve() };
