/** busy: a call the person waits on is under way (a screen disables its buttons and shows a spinner). */
export type BusyTag = 'busy';
