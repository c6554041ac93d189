/**
 * The throwaway pets step (tests/support/petsStep.ts) put into the list of steps and of their states, as their lines in
 * machines/steps/index.ts and machines/stepStates/index.ts would. A test file imports this before anything else and
 * then imports the modules under test with `await import(…)`, so that they read the lists with the step in them.
 */
import { vi } from 'vitest';

vi.mock('../../machines/steps', async (importOriginal) => {
  const { withPetsStep } = await import('./petsStep');
  return withPetsStep(await importOriginal());
});
vi.mock('../../machines/stepStates', async (importOriginal) => {
  const { withPetsState } = await import('./petsStep');
  return withPetsState(await importOriginal());
});
