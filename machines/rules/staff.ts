/**
 * The staff back office's contract, shared by its screens and the server: paths, roles, the session's length and
 * the messages staff read (in the catalogue's plain voice).
 */
import type { ReviewEventType, ReviewStatus } from '../review.machine';

export const STAFF_API = '/api/v1/staff';

export const staffPaths = {
  signIn: `${STAFF_API}/sign-in`,
  verify: `${STAFF_API}/verify`,
  signOut: `${STAFF_API}/sign-out`,
  me: `${STAFF_API}/me`,
  team: `${STAFF_API}/team`,
  teamMember: `${STAFF_API}/team/:id`,
  application: `${STAFF_API}/applications/:id`,
  cv: `${STAFF_API}/applications/:id/cv`,
  notes: `${STAFF_API}/applications/:id/notes`,
  events: `${STAFF_API}/applications/:id/events`,
  audit: `${STAFF_API}/audit`,
} as const;

/** Its own cookie, so an applicant's session can never stand in for a staff one (and the other way round). */
export const STAFF_COOKIE = 'staff_session';
export const STAFF_SESSION_HOURS = 12;

export const STAFF_ROLES = ['reviewer', 'admin'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];
export const isStaffRole = (value: unknown): value is StaffRole =>
  typeof value === 'string' && (STAFF_ROLES as readonly string[]).includes(value);

/** How long a decision can be undone before its email leaves. */
export const DECISION_UNDO_MINUTES = 5;

const VERB: Record<ReviewEventType, string> = {
  START_REVIEW: 'put in review',
  ACCEPT: 'accepted',
  WAITLIST: 'waitlisted',
  REJECT: 'rejected',
  UNDO: 'undone',
  REOPEN: 'reopened',
  WITHDRAW: 'withdrawn',
  CHOOSE_PAYMENT: 'given a payment choice',
  PAYMENT_CONFIRMED: 'marked paid',
};

export const STAFF_MESSAGES = {
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
  undoWindowOver: `A decision can be undone only within ${DECISION_UNDO_MINUTES} minutes, before its email is sent`,
  notAllowedNow: (label: string, event: ReviewEventType) =>
    `This application is ${label.toLowerCase()}: it cannot be ${VERB[event]} now`,
  unknownEvent: 'Choose what to do with this application',
} as const;

/** The review status of an application that staff see in lists and on its page. */
export interface StaffApplicationStatus {
  status: ReviewStatus;
  label: string;
}
