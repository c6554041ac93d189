/**
 * An admin's side of one applicant's data rights on the staff application page (docs/privacy.md): export their data
 * (a subject-access request made by email) or erase it on their request, after a confirmation that says what goes
 * and what a paid applicant keeps. The server audits both and refuses them to a reviewer; the calls are actors given
 * with `.provide()` (src/staff/staffActors.ts).
 */
import { assign, fromPromise, setup } from 'xstate';
import { notProvided } from './notProvided';
import type { BusyTag, NoMeta } from './tags';
import { PRIVACY_MESSAGES } from './rules/privacy';
import { failTo, failureMessage } from './staffFailure';

export interface StaffDataRightsContext {
  id: number;
  /** The last call's refusal, in the server's words. */
  message?: string;
  notice?: string;
}

export type StaffDataRightsEvent =
  { type: 'EXPORT' } | { type: 'ERASE' } | { type: 'CONFIRM' } | { type: 'CANCEL' };

/** What the panel asks: exporting; confirming while the erase dialog is open (still so while erasing); erased. */
export type StaffDataRightsTag = BusyTag | 'exporting' | 'confirming' | 'erasing' | 'erased';

export const staffDataRightsMachine = setup({
  types: {
    context: {} as StaffDataRightsContext,
    events: {} as StaffDataRightsEvent,
    input: {} as { id: number },
    meta: {} as NoMeta,
    tags: {} as StaffDataRightsTag,
  },
  actors: {
    /** Fetches the applicant's zip and hands it to the browser to save. */
    exportData: fromPromise<void, { id: number }>(notProvided('exportData')),
    erase: fromPromise<void, { id: number }>(notProvided('erase')),
  },
  actions: {
    showFailure: assign({ message: failureMessage }),
  },
}).createMachine({
  id: 'staffDataRights',
  initial: 'idle',
  context: ({ input }) => ({ id: input.id }),
  states: {
    idle: {
      on: {
        EXPORT: { target: 'exporting', actions: assign({ message: undefined, notice: undefined }) },
        ERASE: { target: 'confirming', actions: assign({ message: undefined, notice: undefined }) },
      },
    },
    exporting: {
      tags: ['busy', 'exporting'],
      invoke: {
        src: 'exportData',
        input: ({ context }) => ({ id: context.id }),
        onDone: { target: 'idle', actions: assign({ notice: PRIVACY_MESSAGES.staffExported }) },
        onError: failTo('idle'),
      },
    },
    // Nothing is erased until the admin has read what will happen and said so.
    confirming: {
      tags: 'confirming',
      on: { CONFIRM: 'erasing', CANCEL: 'idle' },
    },
    erasing: {
      tags: ['busy', 'confirming', 'erasing'],
      invoke: {
        src: 'erase',
        input: ({ context }) => ({ id: context.id }),
        onDone: 'erased',
        onError: failTo('idle'),
      },
    },
    // The application page replaces itself with the news: nothing of the person is left to show.
    erased: { type: 'final', tags: 'erased' },
  },
});
