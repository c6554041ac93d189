/**
 * Employment: the step's state in the application chart, built with the chart's setup (docs/architecture.md, "A step is
 * its file and its state"); the step's file, machines/steps/employment.ts, holds the rest.
 */
import type { ApplicationSetup } from '../application.setup';
import { employmentPayload, save } from '../steps/employment';
import { confirmStep, formStep, savingStep, whenValid, type NextStep } from './shared';

export const state = (machine: ApplicationSetup, next: NextStep) =>
  machine.createStateConfig(
    formStep({
      editing: { on: { SAVE: whenValid('employment', 'confirming') } },
      confirming: confirmStep,
      saving: savingStep(save.actor, (context) => employmentPayload(context.form), next),
    }),
  );
