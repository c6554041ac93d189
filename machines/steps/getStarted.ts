/** Get Started (docs/product.md §2.2): the email, looked up; a new one starts the form, a known one asks for proof. */
import type { ApplicationSetup } from '../application.setup';
import { MESSAGES } from '../rules/messages';
import { rowMeta } from './spec';
import { whenValid } from './shared';

export const row = {
  state: 'getStarted',
  path: '/apply',
  step: 1,
  title: 'Get Started',
  access: 'anyone',
  wizard: true,
  group: 'email',
  screen: 'GetStarted',
  // In the first chunk already.
  prefetch: false,
} as const;

/**
 * No schema of its own: the email group is shared with every route that names an application by its email
 * (machines/rules/schemas.ts).
 */
export const schema = null;

export const spec = {
  row,
  schema,
  fields: ['email'],
  state: (machine: ApplicationSetup) =>
    machine.createStateConfig({
      meta: rowMeta(row),
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
                target: '#application.biodata',
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
    }),
} as const;
