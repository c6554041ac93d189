/**
 * Communications: the step's state in the application chart, built with the chart's setup (docs/architecture.md, "A
 * step is its file and its state"); the step's file, machines/steps/communications.ts, holds the rest.
 */
import type { ApplicationSetup } from '../application.setup';
import { cleaned, toCreatePayload } from '../steps/communications';
import { confirmStep, formStep, savingStep, waitAsTold, whenValid, type NextStep } from './shared';

export const state = (machine: ApplicationSetup, next: NextStep) =>
  machine.createStateConfig(
    formStep({
      editing: {
        on: {
          // An application that exists is not created again: on past the code (only a proved applicant sees this
          // screen once the application exists, see resolveRoute).
          SAVE: [
            { guard: 'isExisting', target: '#application.eligibility' },
            ...whenValid('communications', 'confirming'),
          ],
        },
      },
      confirming: confirmStep,
      saving: savingStep('createApplication', ({ form }) => toCreatePayload(cleaned(form)), {
        target: 'codeSent',
        actions: ['markCreated', { type: 'startCountdown', params: waitAsTold }],
      }),
      // The success dialog: an OTP was sent; then the code.
      codeSent: { tags: 'dialog', on: { 'DIALOG.CLOSE': next } },
    }),
  );
