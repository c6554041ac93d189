/** The staff session: its cookie and how long it lasts. */

/** Its own cookie, so an applicant's session can never stand in for a staff one (and the other way round). */
export const STAFF_COOKIE = 'staff_session';
export const STAFF_SESSION_HOURS = 12;
