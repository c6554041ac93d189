/**
 * A step is its file and its state (docs/architecture.md, "A step is its file and its state"): a throwaway step, built
 * from a spec and given a screen key (tests/support/petsStep.ts), is put into the list of steps (as its one line in
 * machines/steps/index.ts would), and everything that loops over the list picks it up: the chart, the routes, the
 * resume order, the server's save route, the export's columns, the staff funnel's steps, the paths generated through
 * the chart, and the app's save actor. Its screen in the shell: tests/ui/throwawayStep.test.tsx.
 */
import { describe, expect, it, vi } from 'vitest';
import { getShortestPaths } from 'xstate/graph';
import { initialTransition, waitFor } from 'xstate';
import { PETS_MESSAGE, PETS_PATH, PETS_SAVE } from '../support/petsStep';

vi.mock('../../machines/steps', async (importOriginal) => {
  const { withPetsStep } = await import('../support/petsStep');
  return withPetsStep(await importOriginal());
});
vi.mock('../../machines/stepStates', async (importOriginal) => {
  const { withPetsState } = await import('../support/petsStep');
  return withPetsState(await importOriginal());
});

const { applicationMachine, ROUTES, resumeState } = await import('../../machines/application.machine');
const { resumeOrder } = await import('../../machines/resume');
const { ANSWER_STEPS } = await import('../../server/routes/steps');
const { columns } = await import('../../server/staff/export');
const { FUNNEL_STEPS } = await import('../../server/staff/funnel');
const { eligibleForPets: eligible, startedPetsApplicant } = await import('../support/petsApplicant');

describe('a throwaway step added as a spec', () => {
  it('is a state of the chart and a route of the screen table', () => {
    expect(Object.keys(applicationMachine.states)).toContain('pets');
    expect(applicationMachine.states.pets.config.meta).toEqual({ path: PETS_PATH, step: 5, title: 'Pets' });
    expect(ROUTES.map((r) => r.path)).toContain(PETS_PATH);
  });

  it('is where an applicant who answered employment resumes, before the open questions', () => {
    expect(resumeOrder()).toEqual(['confirmation', 'success', 'other', 'pets', 'employment']);
    expect(resumeState({ ...eligible, form: { ...eligible.form, employment_status: '' } } as never)).toBe(
      'employment',
    );
    expect(resumeState(eligible as never)).toBe('pets');
  });

  it('has a save route on the server and its answers as columns of the export', () => {
    expect(ANSWER_STEPS.map((step) => step.path)).toContain(PETS_SAVE);
    const header = columns(false);
    expect(header).toContain('pet_name');
    expect(header.indexOf('pet_name')).toBeGreaterThan(header.indexOf('employment_status'));
    expect(header.indexOf('pet_name')).toBeLessThan(header.indexOf('key_challenge'));
  });

  it('is a step of the staff funnel, between employment and the open questions', () => {
    const funnel = FUNNEL_STEPS.map((step) => step.state);
    expect(funnel.slice(funnel.indexOf('employment'), funnel.indexOf('other') + 1)).toEqual([
      'employment',
      'pets',
      'other',
    ]);
    expect(FUNNEL_STEPS.find((step) => step.state === 'pets')).toMatchObject({
      title: 'Pets',
      path: PETS_PATH,
    });
  });

  it('is reached by the paths generated through the chart, and refuses an empty answer', () => {
    const [start] = initialTransition(applicationMachine, { persisted: eligible, now: () => 0 });
    const events = [
      { type: 'NAVIGATE', path: PETS_PATH },
      { type: 'FIELD.CHANGE', field: 'pet_name', value: 'Rex' },
      { type: 'SAVE' },
      { type: 'xstate.done.actor.savePets' },
    ] as never[];
    const paths = getShortestPaths(applicationMachine, { fromState: start, events });
    const reached = paths.map((path) => path.state);
    expect(reached.some((s) => s.matches('pets' as never))).toBe(true);
    // Saved with a name, the applicant goes on to the open questions; without one, the catalogue's message shows.
    expect(reached.some((s) => s.matches('other'))).toBe(true);
    const refused = reached.find((s) => s.matches('pets' as never) && Object.keys(s.context.errors).length);
    expect(refused?.context.errors).toEqual({ pet_name: [PETS_MESSAGE] });
  });

  it("is saved by an actor the app builds from its spec: the answer is posted to the step's route", async () => {
    const { actor, posts } = startedPetsApplicant(() => 0);
    actor.send({ type: 'NAVIGATE', path: PETS_PATH });
    actor.send({ type: 'FIELD.CHANGE', field: 'pet_name', value: 'Rex' } as never);
    actor.send({ type: 'SAVE' });
    await waitFor(actor, (s) => s.matches('other'), { timeout: 5000 });
    expect(posts).toEqual([
      { url: PETS_SAVE, body: { email: 'ada@example.com', pets: { pet_name: 'Rex' } } },
    ]);
    actor.stop();
  });
});
