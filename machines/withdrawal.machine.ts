/**
 * The applicant withdrawing their own application from /apply/confirmation
 * (docs/decisions/250-an-applicant-withdraws-their-application.md): a quiet button opens a dialog that says what
 * happens, "Keep my application" closes it and "Withdraw" asks the server. Once the server has withdrawn it the
 * parent hears the new standing and shows it; a refusal or a failed call stays in the dialog, in the catalogue's
 * words. Pure: the call is an actor the app provides (retried like every write: machines/rules/network.ts).
 */
import { assign, enqueueActions, fromPromise, setup } from 'xstate';
import { notProvided } from './notProvided';
import type { ParentRef } from './parentRef';
import type { ApplicantStanding } from './rules/contract';
import { toFailure } from './rules/contract';
import { WITHDRAWAL_MESSAGES } from './rules/withdrawal';
import type { BusyTag, DialogTag, NoMeta } from './tags';

/** What the parent (the application machine's confirmation page) hears once the server has withdrawn it. */
export interface WithdrawnEvent {
  type: 'WITHDRAWN';
  standing: ApplicantStanding;
}

export interface WithdrawalInput {
  parent?: ParentRef<WithdrawnEvent>;
}

export interface WithdrawalContext {
  /** Why the last try failed, in the catalogue's words ('' for none). */
  error: string;
  parent: ParentRef<WithdrawnEvent> | null;
}

export type WithdrawalEvent = { type: 'OPEN' } | { type: 'KEEP' } | { type: 'CONFIRM' };

export const withdrawalMachine = setup({
  types: {
    context: {} as WithdrawalContext,
    events: {} as WithdrawalEvent,
    input: {} as WithdrawalInput,
    meta: {} as NoMeta,
    tags: {} as BusyTag | DialogTag,
  },
  actors: {
    withdraw: fromPromise<ApplicantStanding>(notProvided('withdraw')),
  },
  actions: {
    clearError: assign({ error: '' }),
    tellParent: enqueueActions(({ enqueue, context }, params: { standing: ApplicantStanding }) => {
      if (context.parent) enqueue.sendTo(context.parent, { type: 'WITHDRAWN', standing: params.standing });
    }),
  },
}).createMachine({
  id: 'withdrawal',
  context: ({ input }) => ({ error: '', parent: input.parent ?? null }),
  initial: 'idle',
  states: {
    idle: { on: { OPEN: { target: 'confirming', actions: 'clearError' } } },
    /** The dialog: what happens, then Withdraw or Keep my application. */
    confirming: {
      tags: 'dialog',
      on: { KEEP: 'idle', CONFIRM: { target: 'withdrawing', actions: 'clearError' } },
    },
    withdrawing: {
      tags: ['dialog', 'busy'],
      invoke: {
        src: 'withdraw',
        id: 'withdraw',
        onDone: {
          target: 'withdrawn',
          actions: { type: 'tellParent', params: ({ event }) => ({ standing: event.output }) },
        },
        onError: {
          target: 'confirming',
          actions: assign({
            error: ({ event }) => toFailure(event.error, WITHDRAWAL_MESSAGES.failed).message,
          }),
        },
      },
    },
    withdrawn: { type: 'final' },
  },
});
