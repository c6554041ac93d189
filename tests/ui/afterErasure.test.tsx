/**
 * Issue 56, item 8: after an erasure on Your data, focus moves to what the page says, the answers this browser kept
 * go, and the confirmation address says the data was erased instead of asking to sign in (docs/privacy.md).
 */
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { applicationMachine } from '../../machines/application.machine';
import { emptyApplication } from '../../machines/applicationForm';
import { paths } from '../../machines/rules/contract';
import { PRIVACY_MESSAGES, privacyPaths } from '../../machines/rules/privacy';
import { STANDING_MESSAGES } from '../../machines/rules/standing';
import { KEYS, loadPersisted, savePersisted } from '../../src/app/persistence';
import { YourDataPage } from '../../src/privacy/YourDataPage';
import { renderApplication } from './support/renderApplication';
import { expectShown } from './support/shown';

const LOADED = { timeout: 15_000 };
const never = () => new Promise<Response>(() => {});

afterEach(() => {
  cleanup();
  localStorage.clear();
  vi.unstubAllGlobals();
});

/** A signed-in browser on Your data whose erase the server accepts. */
async function eraseOnYourData() {
  localStorage.setItem(KEYS.form, JSON.stringify({ ...emptyApplication(), email: 'ada@example.com' }));
  localStorage.setItem(KEYS.submitted, 'true');
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) =>
      url === paths.standing || url === privacyPaths.erase
        ? new Response(JSON.stringify({ message: 'ok', data: {} }), { status: 200 })
        : new Response('{}', { status: 404 }),
    ),
  );
  const user = userEvent.setup();
  render(<YourDataPage />);
  await user.click(await screen.findByRole('button', { name: 'Erase my data' }));
  await user.click(await screen.findByRole('button', { name: 'Erase my data' }));
  return screen.findByRole('heading', { name: PRIVACY_MESSAGES.erased });
}

describe('after an erasure on Your data', () => {
  it('focus moves to the heading that says the data was erased, and this browser keeps no answers', async () => {
    const heading = await eraseOnYourData();
    expect(document.activeElement).toBe(heading);
    expect(localStorage.getItem(KEYS.form)).toBeNull();
    expect(localStorage.getItem(KEYS.submitted)).toBeNull();
  });

  it('the confirmation address says the data was erased, not "sign in"', async () => {
    await eraseOnYourData();
    cleanup();
    const actor = createActor(applicationMachine, {
      input: { persisted: loadPersisted(), now: () => 0 },
    }).start();
    renderApplication(actor, '/apply/confirmation', never);
    expectShown(await screen.findByRole('heading', { level: 1, name: PRIVACY_MESSAGES.erased }, LOADED));
    expectShown(screen.getByText(PRIVACY_MESSAGES.applyAgain));
    expect(screen.queryByText(STANDING_MESSAGES.signedOut.title)).toBeNull();
  });

  it('a new application begun in this browser ends the note', () => {
    localStorage.setItem(KEYS.erased, 'true');
    const actor = createActor(applicationMachine, { input: { now: () => 0 } }).start();
    savePersisted({ ...actor.getSnapshot().context, started: true }, null);
    expect(localStorage.getItem(KEYS.erased)).toBeNull();
    actor.stop();
  });
});
