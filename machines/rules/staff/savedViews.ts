/** A team member's saved queue views: their paths, their shape and their names' limits. */
import { STAFF_API } from '../api';

/**
 * A team member's saved views of the queue (docs/decisions/060-the-staff-queue.md): GET lists one's own, POST
 * `{ name, query }` saves the query string under the name (replacing the query of a view of that name), DELETE
 * savedViewPaths.view deletes one of one's own.
 */
export const savedViewPaths = {
  views: `${STAFF_API}/views`,
  view: `${STAFF_API}/views/:id`,
} as const;

export interface SavedView {
  id: number;
  name: string;
  /** The queue's query string, without `?` and without a page (`cohort=3&tag=call%20back`). */
  query: string;
}

export interface SavedViewResult extends SavedView {
  /** A view of that name was there, and its query was replaced. */
  replaced: boolean;
}

export const SAVED_VIEW_NAME_MAX = 60;
export const SAVED_VIEWS_MAX = 50;

/** A view's name as stored: trimmed; null when it is not 1–60 characters (the API's schema refuses hidden ones). */
export function normaliseViewName(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const name = value.trim();
  return name.length >= 1 && name.length <= SAVED_VIEW_NAME_MAX ? name : null;
}
