/**
 * Get Started: the step's state in the application chart, built with the chart's setup (docs/architecture.md, "A step
 * is its file and its state"); the step's file, machines/steps/getStarted.ts, holds the rest.
 */
import type { ApplicationSetup } from '../application.setup';
import { MESSAGES } from '../rules/messages';
import { whenValid, type NextStep } from './shared';

export const state = (machine: ApplicationSetup, next: NextStep) =>
  machine.createStateConfig({
    initial: 'loadingCohort',
    states: {
      loadingCohort: {
        invoke: {
          src: 'loadCohort',
          id: 'loadCohort',
          onDone: {
            target: 'idle',
            actions: { type: 'keepCohort', params: ({ event }) => ({ cohort: event.output }) },
          },
          onError: {
            target: 'idle',
            actions: { type: 'showFailure', params: { fallback: MESSAGES.lookupFailed } },
          },
        },
        on: { SAVE: whenValid('email', 'lookingUp') },
      },
      idle: { on: { SAVE: whenValid('email', 'lookingUp') } },
      lookingUp: {
        tags: 'busy',
        entry: 'clearErrors',
        invoke: {
          src: 'lookupApplication',
          id: 'lookupApplication',
          input: ({ context }) => ({ email: context.form.email.trim().toLowerCase() }),
          onDone: [
            {
              guard: { type: 'lookupIs', params: { kind: 'new' } },
              target: next,
              actions: { type: 'startFresh', params: { existing: false } },
            },
            {
              guard: { type: 'lookupIs', params: { kind: 'owner' } },
              target: '#application.resume',
              actions: 'loadSavedApplication',
            },
            {
              // Someone's application exists: its answers load only after this browser proves the email.
              target: '#application.verifyEmail.sendingCode',
              actions: [{ type: 'startFresh', params: { existing: true } }, 'noticeApplicationFound'],
            },
          ],
          onError: {
            target: 'idle',
            actions: { type: 'showFailure', params: { fallback: MESSAGES.lookupFailed } },
          },
        },
      },
    },
  });
