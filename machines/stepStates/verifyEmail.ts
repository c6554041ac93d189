/**
 * Verify your email: the step's state in the application chart, built with the chart's setup (docs/architecture.md, "A
 * step is its file and its state"); the step's file, machines/steps/verifyEmail.ts, holds the rest.
 */
import type { ApplicationSetup } from '../application.setup';
import { MESSAGES } from '../rules/messages';
import { waitAsTold, whenValid } from './shared';

/** A code not sent (first, or again): its message shows, and the wait it names (or none) starts. */
const codeNotSent = {
  target: 'entering',
  actions: [
    { type: 'showFailure', params: { fallback: MESSAGES.registrationFailed } },
    'countdownAfterFailure',
  ],
} as const;

export const state = (machine: ApplicationSetup) =>
  machine.createStateConfig({
    initial: 'entering',
    states: {
      sendingCode: {
        tags: 'busy',
        entry: 'clearErrorsKeepNotice',
        invoke: {
          src: 'sendCode',
          id: 'sendCode',
          input: ({ context }) => ({ email: context.form.email }),
          onDone: { target: 'entering', actions: { type: 'startCountdown', params: waitAsTold } },
          onError: codeNotSent,
        },
      },
      entering: {
        invoke: {
          src: 'otpTimer',
          id: 'otpTimer',
          input: ({ context }) => ({ availableAt: context.otp.availableAt }),
          onDone: { actions: 'allowResend' },
        },
        on: {
          SAVE: whenValid('code', 'verifying'),
          RESEND: { guard: 'canResend', target: 'resending' },
          // A mistyped address: the application under it stays unproved; this browser starts again with another
          // one, keeping the bio data typed here (or from Get Started when there is none).
          'EMAIL.CHANGE': [
            {
              guard: { type: 'valid', params: { group: 'biodata' } },
              target: '#application.communications',
              actions: 'forgetEmail',
            },
            {
              target: '#application.getStarted',
              actions: ['forgetEmail', 'clearErrors', 'startOver'],
            },
          ],
        },
      },
      resending: {
        tags: 'busy',
        entry: 'clearErrors',
        invoke: {
          src: 'sendCode',
          id: 'sendCode',
          input: ({ context }) => ({ email: context.form.email }),
          onDone: {
            target: 'entering',
            actions: [
              { type: 'countResend', params: ({ event }) => ({ message: event.output.message }) },
              { type: 'startCountdown', params: waitAsTold },
            ],
          },
          onError: codeNotSent,
        },
      },
      verifying: {
        tags: 'busy',
        entry: 'clearErrors',
        invoke: {
          src: 'verifyCode',
          id: 'verifyCode',
          input: ({ context }) => ({ email: context.form.email, token: context.token.trim() }),
          onDone: {
            target: '#application.resume',
            actions: 'loadSavedApplication',
          },
          onError: {
            target: 'entering',
            actions: { type: 'showFailure', params: { fallback: MESSAGES.verificationFailed } },
          },
        },
      },
    },
  });
