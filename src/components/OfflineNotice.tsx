import { useSyncExternalStore } from 'react';
import { MESSAGES } from '../../machines/rules/messages';

const subscribe = (onChange: () => void): (() => void) => {
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  return () => {
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
  };
};

/**
 * Says, while the device has no network, that the answers are kept and will be sent: a save pressed meanwhile
 * waits for the network and goes on by itself (src/api/client.ts, decision 022). Nothing is rendered online (the
 * prerendered page is rendered online), so the page's other status lines stay the only ones.
 */
export function OfflineNotice() {
  const offline = useSyncExternalStore(
    subscribe,
    () => navigator.onLine === false,
    () => false,
  );
  return offline ? (
    <p role="status" className="notice notice--warning">
      {MESSAGES.offline}
    </p>
  ) : null;
}
