/**
 * A step is its file and its state (docs/architecture.md, "A step is its file and its state"), in the browser: the
 * throwaway pets step (tests/support/petsStep.ts) and its screen's line in the registry (src/app/screens.ts) are all it
 * takes for the shell to show it, with its progress and title, and for the app's actors to save it to its route. The
 * shell itself is not touched.
 */
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { PETS_MESSAGE, PETS_PATH, PETS_SAVE } from '../support/petsStep';
import { expectShown } from './support/shown';

vi.mock('../../machines/steps', async (importOriginal) => {
  const { withPetsStep } = await import('../support/petsStep');
  return withPetsStep(await importOriginal());
});
vi.mock('../../machines/stepStates', async (importOriginal) => {
  const { withPetsState } = await import('../support/petsStep');
  return withPetsState(await importOriginal());
});
// The one line a new step adds to the registry.
vi.mock('../../src/app/screens', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../src/app/screens')>();
  const { PetsScreen } = await import('./support/petsScreen');
  return { ...real, SCREENS: { ...real.SCREENS, Pets: PetsScreen } };
});

const { progressOf } = await import('../../machines/application.machine');
const { ApplicationRoot } = await import('../../src/app/ApplicationRoot');
const { FORM_TITLE } = await import('../../src/app/ApplicationShell');
const { startedPetsApplicant } = await import('../support/petsApplicant');

describe('a throwaway step added as a spec and a screen', () => {
  it('is shown by the shell at its path and saved to its route by the actor its spec names', async () => {
    const { api, posts, actor } = startedPetsApplicant(Date.now);
    render(
      <ApplicationRoot
        actor={actor}
        api={api}
        router={(props) => <MemoryRouter initialEntries={[PETS_PATH]} {...props} />}
      />,
    );

    expectShown(await screen.findByRole('heading', { level: 1, name: 'Pets' }, { timeout: 15_000 }));
    expect(screen.getByTestId('step-counter').textContent).toBe(progressOf(5).counter);
    expect(document.title).toBe(`Pets – ${FORM_TITLE}`);

    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Save and continue' }));
    expect(screen.getByRole('alert').textContent).toBe(PETS_MESSAGE);
    expect(posts).toEqual([]);

    await user.type(screen.getByLabelText('Your pet’s name'), 'Rex');
    await user.click(screen.getByRole('button', { name: 'Save and continue' }));
    await waitFor(() => expect(actor.getSnapshot().matches('other')).toBe(true));
    expect(posts).toEqual([
      { url: PETS_SAVE, body: { email: 'ada@example.com', pets: { pet_name: 'Rex' } } },
    ]);
    expectShown(
      await screen.findByRole('heading', { level: 1, name: 'Getting to know you' }, { timeout: 15_000 }),
    );
    act(() => actor.stop());
  });
});
