/**
 * A step is its file and its state (docs/architecture.md, "A step is its file and its state"): a throwaway step, built
 * from a spec and given a screen key (tests/support/petsStep.ts), is put into the list of steps (as its one line in
 * machines/steps/index.ts would), and everything that loops over the list picks it up: the chart, the routes, the
 * resume order, the server's save route, the export's columns, the staff funnel's steps, the paths generated through
 * the chart, and the app's save actor. Its screen in the shell: tests/ui/throwawayStep.test.tsx.
 */
import '../support/petsStepMocks';
import { describe, expect, it } from 'vitest';
import { getShortestPaths } from 'xstate/graph';
import { initialTransition, waitFor } from 'xstate';
import { PETS_MESSAGE, PETS_PATH, PETS_SAVE } from '../support/petsStep';

const { applicationMachine, progressOf, ROUTES, resumeState } =
  await import('../../machines/application.machine');
const { resumeOrder } = await import('../../machines/resume');
const { ANSWER_STEPS } = await import('../../server/routes/steps');
const { columns } = await import('../../server/staff/export');
const { FUNNEL_STEPS } = await import('../../server/staff/funnel');
const { employment } = await import('../support/answers');
const {
  EMPLOYMENT_PATH,
  EMPLOYMENT_SAVE,
  eligibleForPets: eligible,
  startedPetsApplicant,
} = await import('../support/petsApplicant');

/** The employment answers as the employment step posts them. */
const { job_urgency, ...employmentAnswers } = employment;
const employmentPost = {
  url: EMPLOYMENT_SAVE,
  body: { email: 'ada@example.com', employment: { ...employmentAnswers, job_urgency } },
};

describe('a throwaway step added as a spec', () => {
  it('is a state of the chart and a route of the screen table, numbered by its place in the list', () => {
    expect(Object.keys(applicationMachine.states)).toContain('pets');
    expect(ROUTES.map((r) => r.path)).toContain(PETS_PATH);
    // After employment (step 5), the pets step is step 6 and the open questions move on to step 7, the last: the
    // counter now names six sections, and the open questions still read 'Final step'.
    const step = (state: string) => (applicationMachine.states[state].config.meta as { step: number }).step;
    expect(applicationMachine.states.pets.config.meta).toEqual({ path: PETS_PATH, step: 6, title: 'Pets' });
    expect([step('employment'), step('pets'), step('other'), step('success')]).toEqual([5, 6, 7, 7]);
    expect([5, 6, 7].map((n) => progressOf(n).counter)).toEqual(['5 of 6', '6 of 6', 'Final step']);
    expect(progressOf(7).percentage).toBe(100);
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

  it('is reached by SAVE from the step before it in the paths generated through the chart, and refuses an empty answer', () => {
    const [start] = initialTransition(applicationMachine, { persisted: eligible, now: () => 0 });
    // No event names the pets step: the only way in is employment's save.
    const events = [
      { type: 'NAVIGATE', path: EMPLOYMENT_PATH },
      { type: 'SAVE' },
      { type: 'CONFIRM' },
      { type: 'xstate.done.actor.saveEmployment' },
      { type: 'FIELD.CHANGE', field: 'pet_name', value: 'Rex' },
      { type: 'xstate.done.actor.savePets' },
    ] as never[];
    const paths = getShortestPaths(applicationMachine, { fromState: start, events });
    const reached = paths.map((path) => path.state);
    const toPets = paths.find((path) => path.state.matches('pets' as never));
    expect(toPets?.steps.map((step) => step.event.type)).toEqual([
      'xstate.init',
      'NAVIGATE',
      'SAVE',
      'CONFIRM',
      'xstate.done.actor.saveEmployment',
    ]);
    // Saved with a name, the applicant goes on to the open questions; without one, the catalogue's message shows.
    expect(reached.some((s) => s.matches('other'))).toBe(true);
    const refused = reached.find((s) => s.matches('pets' as never) && Object.keys(s.context.errors).length);
    expect(refused?.context.errors).toEqual({ pet_name: [PETS_MESSAGE] });
  });

  it("is reached by employment's save, and saved by an actor the app builds from its spec", async () => {
    const { actor, posts } = startedPetsApplicant(() => 0);
    actor.send({ type: 'NAVIGATE', path: EMPLOYMENT_PATH });
    actor.send({ type: 'SAVE' });
    actor.send({ type: 'CONFIRM' });
    await waitFor(actor, (s) => s.matches('pets' as never), { timeout: 5000 });
    expect(posts).toEqual([employmentPost]);
    actor.send({ type: 'FIELD.CHANGE', field: 'pet_name', value: 'Rex' } as never);
    actor.send({ type: 'SAVE' });
    await waitFor(actor, (s) => s.matches('other'), { timeout: 5000 });
    expect(posts).toEqual([
      employmentPost,
      { url: PETS_SAVE, body: { email: 'ada@example.com', pets: { pet_name: 'Rex' } } },
    ]);
    actor.stop();
  });
});
