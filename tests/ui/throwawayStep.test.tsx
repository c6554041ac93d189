/**
 * A step is its file and its state (docs/architecture.md, "A step is its file and its state"), in the browser: the
 * throwaway pets step (tests/support/petsStep.ts), put after employment in the list, and its screen's line in the
 * registry (src/app/screens.ts) are all it takes for employment's Save and continue to lead to it, for the shell to
 * show it with its number and title, and for the app's actors to save it to its route. Neither employment's files nor
 * the shell are touched.
 */
import '../support/petsStepMocks';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { PETS_MESSAGE, PETS_SAVE } from '../support/petsStep';
import { expectShown } from './support/shown';

// The one line a new step adds to the registry.
vi.mock('../../src/app/screens', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../src/app/screens')>();
  const { PetsScreen } = await import('./support/petsScreen');
  return { ...real, SCREENS: { ...real.SCREENS, Pets: PetsScreen } };
});

const { ApplicationRoot } = await import('../../src/app/ApplicationRoot');
const { FORM_TITLE } = await import('../../src/app/ApplicationShell');
const { EMPLOYMENT_PATH, EMPLOYMENT_SAVE, startedPetsApplicant } = await import('../support/petsApplicant');

describe('a throwaway step added as a spec and a screen', () => {
  it('is reached by Save and continue on the step before it, numbered by its place, and saved to its route', async () => {
    const { api, posts, actor } = startedPetsApplicant(Date.now);
    // The applicant opens employment, the step before the pets step, with its answers typed.
    render(
      <ApplicationRoot
        actor={actor}
        api={api}
        router={(props) => <MemoryRouter initialEntries={[EMPLOYMENT_PATH]} {...props} />}
      />,
    );
    expectShown(await screen.findByRole('heading', { level: 1, name: 'Employment' }, { timeout: 15_000 }));
    // Six sections now: the pets step is the sixth, and the open questions the final one.
    expect(screen.getByTestId('step-counter').textContent).toBe('5 of 6');

    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Save and continue' }));
    await user.click(await screen.findByRole('button', { name: 'Yes, continue' }));
    expectShown(await screen.findByRole('heading', { level: 1, name: 'Pets' }, { timeout: 15_000 }));
    expect(posts.map((post) => post.url)).toEqual([EMPLOYMENT_SAVE]);
    expect(screen.getByTestId('step-counter').textContent).toBe('6 of 6');
    expect(document.title).toBe(`Pets – ${FORM_TITLE}`);

    await user.click(screen.getByRole('button', { name: 'Save and continue' }));
    expect(screen.getByRole('alert').textContent).toBe(PETS_MESSAGE);
    expect(posts).toHaveLength(1);

    await user.type(screen.getByLabelText('Your pet’s name'), 'Rex');
    await user.click(screen.getByRole('button', { name: 'Save and continue' }));
    expectShown(
      await screen.findByRole('heading', { level: 1, name: 'Getting to know you' }, { timeout: 15_000 }),
    );
    expect(posts.slice(1)).toEqual([
      { url: PETS_SAVE, body: { email: 'ada@example.com', pets: { pet_name: 'Rex' } } },
    ]);
    expect(screen.getByTestId('step-counter').textContent).toBe('Final step');
    act(() => actor.stop());
  });
});
