/** busy: a call the person waits on is under way (a screen disables its buttons and shows a spinner). */
export type BusyTag = 'busy';
/** dialog: the application shows a dialog over its screen (a confirmation, the code sent). */
export type DialogTag = 'dialog';
/**
 * For a machine whose states carry no tags: `setup` still says so, and any other tag written on a state fails to
 * compile. (`never` would be exact, but a machine typed so is no longer an `AnyStateMachine`.)
 */
export type NoTags = 'none';
/** For a machine whose states carry no meta: an empty object at most. */
export type NoMeta = Record<string, never>;
