import type { ActorRef, Snapshot } from 'xstate';

/**
 * The actor a child machine reports to, given in its input by the machine that invokes it (`parent: self`). A child
 * run on its own (a screen test, a test page, a graph traversal) is given none and tells nobody.
 */
export type ParentRef<TEvent extends { type: string }> = ActorRef<Snapshot<unknown>, TEvent>;
