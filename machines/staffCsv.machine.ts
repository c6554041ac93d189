/**
 * Decisions from an uploaded CSV (/staff/decisions-csv, admins): the file is sent as a dry run first, the preview
 * shows what would change and which rows are refused and why, and only a confirmation applies it (the same file, so
 * what was previewed is what is applied; rows the chart refuses by then are reported again). `preview` and `apply`
 * are actors given with `.provide()` (src/staff/staffActors.ts).
 */
import { assign, fromPromise, setup } from 'xstate';
import { notProvided } from './notProvided';
import type { StaffCsvResult } from './rules/staff/csv';
import { failTo, failureMessage } from './staffFailure';
import type { BusyTag, NoMeta } from './tags';

export interface StaffCsvInput {
  /** The file's text. */
  text: string;
  /** The cohort's number; the current cohort when absent. */
  cohort?: string;
}

export interface StaffCsvContext {
  file: StaffCsvInput | null;
  fileName: string;
  result: StaffCsvResult | null;
  message?: string;
}

export type StaffCsvEvent =
  | { type: 'PREVIEW'; text: string; fileName: string; cohort?: string }
  | { type: 'APPLY' }
  | { type: 'START_AGAIN' };

/** What the screen asks: choosing a file (still so while it is checked), previewed (still so while applied), applied. */
export type StaffCsvTag = BusyTag | 'choosing' | 'previewed' | 'applied';

/**
 * The file sent to `src` (a dry run or the real thing), busy while the screen still shows `from`: its answer is shown
 * in `to`; a failure goes back to `from`, saying why.
 */
const sendFile = <Src extends 'preview' | 'apply', From extends StaffCsvTag, To extends string>(
  src: Src,
  from: From,
  to: To,
) =>
  ({
    tags: ['busy', from],
    invoke: {
      id: src,
      src,
      input: ({ context }: { context: StaffCsvContext }) => context.file as StaffCsvInput,
      onDone: { target: to, actions: 'keepResult' },
      onError: failTo(from),
    },
  }) as const;

export const staffCsvMachine = setup({
  types: {
    context: {} as StaffCsvContext,
    events: {} as StaffCsvEvent,
    meta: {} as NoMeta,
    tags: {} as StaffCsvTag,
  },
  actors: {
    preview: fromPromise<StaffCsvResult, StaffCsvInput>(notProvided('preview')),
    apply: fromPromise<StaffCsvResult, StaffCsvInput>(notProvided('apply')),
  },
  actions: {
    // Another file: nothing of the last one, its preview or its failure stays.
    forgetFile: assign({ file: null, result: null, message: undefined }),
    // Only the two calls' answers come here (sendFile).
    keepResult: assign({ result: ({ event }) => (event as unknown as { output: StaffCsvResult }).output }),
    showFailure: assign({ message: failureMessage }),
  },
  guards: {
    /** Something in the preview can be applied. */
    somethingToApply: ({ context }) => !!context.result?.rows.some((r) => r.outcome === 'ok'),
  },
}).createMachine({
  id: 'staffCsv',
  initial: 'choosing',
  context: { file: null, fileName: '', result: null },
  states: {
    choosing: {
      tags: 'choosing',
      on: {
        PREVIEW: {
          target: 'previewing',
          actions: assign(({ event }) => ({
            file: { text: event.text, cohort: event.cohort },
            fileName: event.fileName,
            result: null,
            message: undefined,
          })),
        },
      },
    },
    previewing: sendFile('preview', 'choosing', 'previewed'),
    previewed: {
      tags: 'previewed',
      on: {
        APPLY: { target: 'applying', guard: 'somethingToApply', actions: assign({ message: undefined }) },
        START_AGAIN: { target: 'choosing', actions: 'forgetFile' },
      },
    },
    applying: sendFile('apply', 'previewed', 'applied'),
    applied: {
      tags: 'applied',
      on: {
        START_AGAIN: { target: 'choosing', actions: 'forgetFile' },
      },
    },
  },
});
