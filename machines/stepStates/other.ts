/**
 * Getting to know you: the step's state in the application chart, built with the chart's setup (docs/architecture.md,
 * "A step is its file and its state"); the step's file, machines/steps/other.ts, holds the rest.
 */
import type { ApplicationSetup } from '../application.setup';
import { AGREEMENTS, OTHERS_ANSWERS, otherPayload } from '../steps/other';
import { pick } from '../steps/spec';
import { formStep, savingStep, whenValid, type NextStep } from './shared';

export const state = (machine: ApplicationSetup, next: NextStep) =>
  machine.createStateConfig(
    formStep({
      editing: { on: { SAVE: whenValid('others', 'keyInformation', OTHERS_ANSWERS) } },
      // The Key Information modal: the three agreements, then Submit Application.
      keyInformation: {
        tags: 'dialog',
        on: {
          SUBMIT: whenValid('others', 'submitting'),
          CANCEL: { target: 'editing', actions: 'clearErrors' },
        },
      },
      // Problems from earlier steps come back as a field → messages map and show as red alerts.
      submitting: savingStep(
        'submitApplication',
        ({ form }) => ({
          other: otherPayload(form),
          submit: { email: form.email, ...pick(form, AGREEMENTS) },
        }),
        { target: next, actions: 'markSubmitted' },
      ),
    }),
  );
