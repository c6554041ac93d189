/**
 * A throwaway wizard step, written the way a step's files are (docs/architecture.md, "A step is its file and its
 * state"): a spec that saves its one answer through an actor of its own, put into the list of steps after employment,
 * as its one line in machines/steps/index.ts would, and its state, as its line in machines/stepStates/index.ts would.
 * tests/support/petsStepMocks.ts mocks `machines/steps` with `withPetsStep` and `machines/stepStates` with `withPetsState`.
 */
import { object, string } from 'yup';
import type { ApplicationSetup } from '../../machines/application.setup';
import type * as StepStates from '../../machines/stepStates';
import { formStep, savingStep, whenValid, type NextStep } from '../../machines/stepStates/shared';
import type * as Steps from '../../machines/steps';
import type { StepSpec } from '../../machines/steps/spec';

export const PETS_PATH = '/apply/pets';
export const PETS_SAVE = '/api/v1/bootcamp/application/pets';
export const PETS_MESSAGE = 'Please name your pet';

const row = {
  state: 'pets',
  path: PETS_PATH,
  title: 'Pets',
  access: 'eligible',
  wizard: true,
  group: 'pets',
  screen: 'Pets',
  prefetch: true,
} as unknown as StepSpec['row'];

const petName = (form: object) => (form as { pet_name?: string }).pet_name ?? '';

export const petsPayload = (form: { email: string }) => ({
  email: form.email,
  pets: { pet_name: petName(form) },
});

export const petsSpec: StepSpec = {
  row,
  schema: object({ pet_name: string().default('').trim().required(PETS_MESSAGE) }),
  fields: ['pet_name'],
  column: 'pets',
  save: { path: PETS_SAVE, summary: 'Save the pets', saved: 'Pets saved', actor: 'savePets' },
  payload: petsPayload,
  resume: { answered: (form) => Boolean(petName(form)) },
};

/**
 * Its state in the chart: saved, on to `next`, the step after it in the list (the chart says which). The chart's types
 * know only the real steps' groups and actors: the pets step's are cast.
 */
export const petsState = (machine: ApplicationSetup, next: NextStep) =>
  machine.createStateConfig(
    formStep({
      editing: { on: { SAVE: whenValid('pets' as never, 'saving') } },
      saving: savingStep('savePets' as never, ({ form }) => petsPayload(form), next),
    }) as never,
  );

/** The real steps' states with the pets step's. */
export function withPetsState(real: typeof StepStates): typeof StepStates {
  return { ...real, STEP_STATES: { ...real.STEP_STATES, pets: petsState } as typeof real.STEP_STATES };
}

/** The real steps with the pets step after employment, before the open questions. */
export function withPetsStep(real: typeof Steps): typeof Steps {
  const STEP_SPECS = [...real.STEP_SPECS.slice(0, -1), petsSpec, ...real.STEP_SPECS.slice(-1)];
  return {
    ...real,
    STEPS: STEP_SPECS as unknown as typeof real.STEPS,
    STEP_SPECS,
    stepSchemas: (steps = STEP_SPECS) => real.stepSchemas(steps),
    storedSteps: (steps = STEP_SPECS) => real.storedSteps(steps),
    savingSteps: (steps = STEP_SPECS) => real.savingSteps(steps),
  };
}
