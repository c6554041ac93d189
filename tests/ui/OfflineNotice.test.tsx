/** The wizard's words while the device has no network (decision 022). jsdom's navigator, switched by the test. */
import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { MESSAGES } from '../../machines/rules';
import { OfflineNotice } from '../../src/components/OfflineNotice';

function goOnline(online: boolean): void {
  Object.defineProperty(navigator, 'onLine', { value: online, configurable: true });
  act(() => {
    window.dispatchEvent(new Event(online ? 'online' : 'offline'));
  });
}

afterEach(() => goOnline(true));

describe('OfflineNotice', () => {
  it('says nothing online, says the answers are kept while offline, and goes when the network is back', () => {
    render(<OfflineNotice />);
    expect(screen.queryByRole('status')).toBeNull();
    goOnline(false);
    expect(screen.getByRole('status').textContent).toBe(MESSAGES.offline);
    goOnline(true);
    expect(screen.queryByRole('status')).toBeNull();
  });
});
