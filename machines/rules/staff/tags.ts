/** An application's tags (decision 060): how a tag is stored, and their paths. */
import { STAFF_API } from '../api';

/** A tag as stored (decision 060): trimmed, lower-cased; null when it is not 1–40 letters, digits, spaces or hyphens. */
export function normaliseTag(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const tag = value.trim().toLowerCase();
  return /^[\p{L}\p{N} -]{1,40}$/u.test(tag) ? tag : null;
}

/**
 * GET lists an application's tags; POST `{ tag }` adds one; DELETE tagsPaths.tag removes one; each answers the
 * application's tags, sorted.
 */
export const tagsPaths = {
  tags: `${STAFF_API}/applications/:id/tags`,
  tag: `${STAFF_API}/applications/:id/tags/:tag`,
} as const;
