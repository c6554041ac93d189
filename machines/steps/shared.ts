/** Pieces of state that several steps share. Pure data: the steps build their states from them. */
import type { ValidationGroup } from '../rules/schemas';

/** SAVE on a form: on to `target` when the group's answers are valid, otherwise its messages as red alerts. */
export const whenValid = (group: ValidationGroup, target: string, only?: readonly string[]) => {
  const params = only ? { group, only } : { group };
  return [
    { guard: { type: 'valid', params }, target, actions: 'clearErrors' },
    { actions: { type: 'showErrors', params } },
  ] as const;
};

/** The 'Yes, continue' / 'Edit' dialog before a save that cannot be undone. */
export const confirmStep = { tags: 'dialog', on: { CONFIRM: 'saving', CANCEL: 'editing' } } as const;
