/**
 * Eligibility: the step's state in the application chart, built with the chart's setup (docs/architecture.md, "A step
 * is its file and its state"); the step's file, machines/steps/eligibility.ts, holds the rest.
 */
import type { ApplicationSetup } from '../application.setup';
import { and } from 'xstate';
import { MESSAGES } from '../rules/messages';
import { eligibilityPayload } from '../steps/eligibility';
import { confirmStep, type NextStep } from './shared';

export const state = (machine: ApplicationSetup, next: NextStep) =>
  machine.createStateConfig({
    entry: 'clearErrors',
    type: 'parallel',
    states: {
      answers: {
        initial: 'checking',
        states: {
          checking: { always: [{ guard: 'isResult', target: 'result' }, { target: 'editing' }] },
          editing: {
            on: {
              SAVE: [
                {
                  guard: and([{ type: 'valid', params: { group: 'eligibility' as const } }, 'hasCv']),
                  target: 'confirming',
                  actions: 'clearErrors',
                },
                {
                  actions: [{ type: 'showErrors', params: { group: 'eligibility' } }, 'requireCv'],
                },
              ],
            },
          },
          confirming: confirmStep,
          saving: {
            tags: 'busy',
            invoke: {
              src: 'saveEligibility',
              id: 'saveEligibility',
              input: ({ context }) => eligibilityPayload(context.form),
              onDone: {
                target: 'result',
                actions: {
                  type: 'keepEligibilityStatus',
                  params: ({ event }) => ({ status: event.output.status }),
                },
              },
              onError: {
                target: 'editing',
                actions: { type: 'showFailure', params: { fallback: MESSAGES.genericSave } },
              },
            },
          },
          result: { on: { PROCEED: { guard: 'isEligible', target: next } } },
        },
      },
      cv: {
        initial: 'idle',
        states: {
          idle: {},
          uploading: {
            tags: 'busy',
            invoke: {
              src: 'uploadCv',
              id: 'uploadCv',
              input: ({ context }) => ({ email: context.form.email, file: context.cvFile! }),
            },
            on: {
              'UPLOAD.PROGRESS': {
                actions: {
                  type: 'showUploadProgress',
                  params: ({ event }) => ({ loaded: event.loaded, total: event.total }),
                },
              },
              'UPLOAD.DONE': {
                target: 'idle',
                actions: { type: 'keepUploadedCv', params: ({ event }) => ({ filename: event.filename }) },
              },
              'UPLOAD.FAILED': {
                target: 'idle',
                actions: {
                  type: 'showUploadFailure',
                  params: ({ event }) => ({ messages: event.errors.cv ?? [event.message] }),
                },
              },
            },
          },
          help: {
            tags: 'dialog',
            on: {
              'CV.SENT': { target: 'idle', actions: 'markCvSent' },
              CANCEL: 'idle',
            },
          },
        },
        on: {
          'CV.SELECT': [
            {
              guard: 'cvFileOk',
              target: '.uploading',
              actions: { type: 'startUpload', params: ({ event }) => ({ file: event.file }) },
            },
            {
              target: '.idle',
              actions: { type: 'refuseCvFile', params: ({ event }) => ({ file: event.file }) },
            },
          ],
          'CV.HELP': '.help',
        },
      },
    },
  });
