/** What staff read in the back office, in the catalogue's plain voice (docs/product.md §8). */
import type { ReviewEventType } from '../../review.machine';
import { REVIEW_EVENT_VERBS } from './reviewActions';
import { undoWindowWords } from './undo';

export const STAFF_MESSAGES = {
  // The first paint of a staff address opened cold (scripts/prerender.ts), before the app knows who is signed in.
  opening: 'Opening the back office…',
  codeSent:
    'If this address belongs to the programme team, a 6-digit code is on its way. It works for 10 minutes.',
  signedIn: 'Signed in',
  signedOut: 'You are signed out',
  needSignIn: 'Please sign in to the staff area',
  adminOnly: 'Only an admin can do this',
  notFound: 'We could not find this application',
  noCv: 'This applicant has not uploaded a CV',
  noteEmpty: 'Please write a note',
  noteTooLong: 'Please keep a note under 5000 characters',
  teamRole: 'Choose a role: reviewer or admin',
  teamExists: 'This person is already on the team',
  teamNotFound: 'We could not find this team member',
  notYourself: 'You cannot remove yourself from the team',
  configuredAdmin:
    'This admin is named in the server configuration (STAFF_EMAILS): only a change there can remove them',
  /** Beside a configured admin on the Team screen, in place of Remove. */
  configuredAdminNote: 'Managed by configuration',
  undoWindowOver: (undoMs: number) =>
    `A decision can be undone only within ${undoWindowWords(undoMs)}, before its email is sent`,
  notAllowedNow: (label: string, event: ReviewEventType) =>
    `This application is ${label.toLowerCase()}: it cannot be ${REVIEW_EVENT_VERBS[event]} now`,
  unknownEvent: 'Choose what to do with this application',
  unreachable: 'We could not reach the server. Check your connection and try again.',
  tagInvalid: 'A tag is 1 to 40 letters, digits, spaces or hyphens',
  tagNotFound: 'This application does not have this tag',
  viewNameInvalid: 'Give the view a name of 1 to 60 characters',
  viewNotFound: 'We could not find this saved view',
  viewsFull: (max: number) => `You have ${max} saved views: delete one before saving another`,
  viewSaved: 'View saved: its link is above the queue',
  viewReplaced: (name: string) => `You had a view called “${name}”: it now opens this view instead`,
  viewDeleted: 'Saved view deleted',
} as const;
