/**
 * The staff queue's view as the URL holds it (docs/api.md, "Staff"): read from the query string, and the views one
 * click away (a sort, a chip, a page). Plain functions, so the screen only renders and the rules are tested alone.
 */
import { RATING_MAX, RATING_MIN } from './scorecard';
import { type QueueReviewCount, type QueueSort, type StaffQueueQuery } from './staff/queue';
import { defaultDir, STAFF_QUEUE_QUERY_NAMES } from './staff/queueViewSchema';

/** The view in the URL, as the API reads it: only the names of the queue's schema, and no empty values. */
export const queueViewOf = (params: URLSearchParams): StaffQueueQuery =>
  Object.fromEntries(
    STAFF_QUEUE_QUERY_NAMES.flatMap((name) => {
      const value = params.get(name);
      return value ? [[name, value]] : [];
    }),
  ) as StaffQueueQuery;

/** The filter of "all N matching" (and of the exports): the view without its page. */
export const filterOf = (query: StaffQueueQuery): StaffQueueQuery => {
  const { cursor: _cursor, limit: _limit, ...filter } = query;
  return filter;
};

/** The columns the queue sorts by, in the table's order, with their headers. */
export const QUEUE_SORT_COLUMNS: readonly { sort: QueueSort; label: string }[] = [
  { sort: 'name', label: 'Name' },
  { sort: 'eligibility', label: 'Eligibility' },
  { sort: 'status', label: 'Status' },
  { sort: 'submitted', label: 'Submitted' },
  { sort: 'score', label: 'Score' },
];

/** The direction the view is sorted by `sort` in, or null when it is sorted by another column. */
export function sortDirection(query: StaffQueueQuery, sort: QueueSort): 'asc' | 'desc' | null {
  const current = query.sort ?? 'submitted';
  if (current !== sort) return null;
  return query.dir ?? defaultDir(sort);
}

/** The view after a click on `sort`'s header: the other way round if already sorted by it, from the first page. */
export function sortedBy(query: StaffQueueQuery, sort: QueueSort): StaffQueueQuery {
  const now = sortDirection(query, sort);
  const dir = now === null ? defaultDir(sort) : now === 'asc' ? 'desc' : 'asc';
  return { ...filterOf(query), sort, dir };
}

/**
 * The lowest mean scores the queue's "Score at least" offers: every half point of the rating scale. A view shared with
 * another value (the API takes any to two places) keeps it as a choice of its own.
 */
export function scoreMinimums(current?: string): string[] {
  const steps = Array.from({ length: (RATING_MAX - RATING_MIN) * 2 + 1 }, (_, i) =>
    String(RATING_MIN + i / 2),
  );
  return current && !steps.includes(current)
    ? [...steps, current].sort((a, b) => Number(a) - Number(b))
    : steps;
}

/** The numbers of reviews the queue filters by, in words (its field and its chip). */
export const REVIEW_COUNT_LABELS: Record<QueueReviewCount, string> = {
  '0': 'None yet',
  '1': 'One',
  '2+': 'Two or more',
};

/** A comma-separated list of numbers of reviews in words, for a chip: `0,2+` → "None yet, Two or more". */
export const reviewCountWords = (value: string) =>
  value
    .split(',')
    .map((count) => REVIEW_COUNT_LABELS[count as QueueReviewCount] ?? count)
    .join(', ');

/** A code in words: `action_required` → "Action required". */
export const humanize = (value: string) => {
  const text = value.replace(/_/g, ' ');
  return text.charAt(0).toUpperCase() + text.slice(1);
};

/**
 * A saved view's query string (docs/decisions/060-the-staff-queue.md): the queue's own names in a stable order, without
 * the page it was on (a cursor goes stale as rows change) and without `?`.
 */
export const savedViewQuery = (query: StaffQueueQuery): string => {
  const { cursor: _cursor, ...view } = query;
  return new URLSearchParams(
    Object.entries(view)
      .filter(([, value]) => value)
      .sort(([a], [b]) => a.localeCompare(b)),
  ).toString();
};

/** What a search may name a person by: what erasing them takes out of the saved views' searches. */
export interface SearchedPerson {
  email: string;
  phone: string;
  firstname: string;
  lastname: string;
}

const squeezed = (text: string) => text.trim().toLowerCase().replace(/\s+/g, ' ');
const digits = (text: string) => text.replace(/\D/g, '');

/** Whether the search `q` names this person: their email, their phone in any writing, their full name or a name alone. */
export function searchNames(q: string, person: SearchedPerson): boolean {
  const search = squeezed(q);
  if (!search) return false;
  const names = [person.firstname, person.lastname].map(squeezed).filter(Boolean);
  const email = squeezed(person.email);
  const phone = digits(person.phone);
  const searchDigits = digits(search);
  return (
    (email !== '' && search.includes(email)) ||
    (names.length === 2 && search.includes(names.join(' '))) ||
    names.includes(search) ||
    // "0803 555 0142" and "+234 803 555 0142" are the same phone: its last ten digits.
    (phone.length >= 7 && searchDigits.length >= 7 && searchDigits.includes(phone.slice(-10)))
  );
}

/**
 * A saved view's query without its search when the search names `person` (docs/decisions/192); null when it does not,
 * and the view is kept as it is. The rest of the view (its filters, its sort) stays.
 */
export function withoutSearchFor(query: string, person: SearchedPerson): string | null {
  const params = new URLSearchParams(query);
  if (!searchNames(params.get('q') ?? '', person)) return null;
  params.delete('q');
  return params.toString();
}
