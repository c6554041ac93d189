/** The staff back office's paths (docs/api.md, "Staff"): the screens call them, the server routes them. */
import { STAFF_API } from '../api';

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
  /** The decision emails' templates (admins): list, save one, restore one's default. */
  templates: `${STAFF_API}/templates`,
  template: `${STAFF_API}/templates/:kind`,
  /** A message to one applicant (admins). */
  message: `${STAFF_API}/applications/:id/messages`,
  /** A message to every application a queue view matches (admins), after a dry run. */
  messages: `${STAFF_API}/applications/messages`,
} as const;
